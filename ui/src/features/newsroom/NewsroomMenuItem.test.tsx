import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProfileMenu } from '@/features/backoffice/testing/menu';
import { resetSession } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { screen, waitFor } from '@/test/render';
import { permissions } from './testing/fixtures';

beforeEach(() => resetSession());
afterEach(() => resetSession());

describe("the profile menu's 'Redação'", () => {
  it('is offered to permission 5, linking to /a1redacao', async () => {
    mockApi({ '/api/v1/stats/getUserPermissions': permissions([1, 5]) });
    await openProfileMenu();
    const item = await screen.findByRole('menuitem', { name: 'Redação' });
    expect(item).toHaveAttribute('href', '/a1redacao');
  });

  it('is not offered without permission 5', async () => {
    const fetchMock = mockApi({ '/api/v1/stats/getUserPermissions': permissions([1, 4, 8]) });
    await openProfileMenu();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('getUserPermissions'))).toBe(
        true,
      ),
    );
    // The inbox (permission 4) shows up: the permissions have arrived.
    await screen.findByRole('menuitem', { name: /Caixa de entrada/ });
    expect(screen.queryByRole('menuitem', { name: 'Redação' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/backoffice/'))).toBe(false);
  });
});
