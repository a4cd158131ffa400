import { COPYRIGHT_START_YEAR } from '@/lib/constants';

/** '© 1975 - {current year} {station}. Todos os direitos reservados.' (G66). */
export function copyrightLine(stationName: string, year = new Date().getFullYear()): string {
  return `© ${COPYRIGHT_START_YEAR} - ${year} ${stationName}. Todos os direitos reservados.`;
}
