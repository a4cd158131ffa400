import { useEffect } from 'react';
import { useTestFlags } from '@/lib/test-flags';
import { toast, type ToastKind } from '@/lib/toast';

const KINDS: readonly ToastKind[] = ['info', 'success', 'error'];

/** The text of the toast that `?test_toast={info|success|error}` shows once at start. */
export const TEST_TOAST_MESSAGE = 'Mensagem de teste';

/**
 * End-to-end tests of the toasts (SH-10) need a toast of each kind on demand: the test flag
 * `toast=info|success|error` shows one when the app starts.
 */
export function useTestToast(): void {
  const kind = useTestFlags().toast;
  useEffect(() => {
    if (typeof kind === 'string' && (KINDS as readonly string[]).includes(kind)) {
      toast[kind as ToastKind](TEST_TOAST_MESSAGE);
    }
  }, [kind]);
}
