import { ApiError } from '@/lib/api';

/** The status code of an uncaught error: API errors carry one. */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.code || null;
  return null;
}

/** The error page literals (doc3 §2.1, C23). */
export function errorTitle(status: number | null): string {
  if (status === 404) return 'Pagina não encontrada';
  if (status === 500) return 'Erro do servidor';
  return 'Algo deu ruim :(';
}
