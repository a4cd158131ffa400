import { afterEach, describe, expect, it } from 'vitest';
import { initTestFlags } from '@/lib/test-flags';
import { toast } from '@/lib/toast';
import { mockApi } from '@/test/api-mock';
import { act, renderRoute, screen } from '@/test/render';
import { TEST_TOAST_MESSAGE } from './useTestToast';

afterEach(() => {
  initTestFlags('');
  act(() => toast.clear());
});

describe('?test_toast=', () => {
  it('shows an error toast on start that stays until Fechar', async () => {
    initTestFlags('?test_toast=error');
    mockApi();
    renderRoute('/');
    expect(await screen.findByText(TEST_TOAST_MESSAGE)).toBeInTheDocument();
    expect(window.__ondaTestFlags).toEqual({ toast: 'error' });
  });

  it('does nothing without the flag', async () => {
    mockApi();
    renderRoute('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(TEST_TOAST_MESSAGE)).not.toBeInTheDocument();
  });
});
