import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileMenu } from '@/features/shell/components/Header/ProfileMenu';
import { resetSession, setSession } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { render, screen, userEvent } from '@/test/render';
import { permissions, STAFF } from './testing/fixtures';

async function openMenu() {
  setSession({ user: STAFF });
  const user = userEvent.setup();
  render(<ProfileMenu onLogout={() => undefined} />);
  await user.click(screen.getByTestId('profile-menu'));
  await screen.findByRole('menuitem', { name: 'Sair' });
}

beforeEach(() => resetSession());
afterEach(() => resetSession());

describe("the profile menu's 'Promoções'", () => {
  it('is offered to permission 6, linking to /a1promocoes', async () => {
    mockApi({ '/api/v1/stats/getUserPermissions': permissions([6]) });
    await openMenu();
    const item = await screen.findByRole('menuitem', { name: 'Promoções' });
    expect(item).toHaveAttribute('href', '/a1promocoes');
  });

  it('is not offered without permission 6', async () => {
    mockApi({ '/api/v1/stats/getUserPermissions': permissions([4, 5, 7, 8]) });
    await openMenu();
    // 'Redação' (permission 5) shows up: the permissions have arrived.
    await screen.findByRole('menuitem', { name: 'Redação' });
    expect(screen.queryByRole('menuitem', { name: 'Promoções' })).not.toBeInTheDocument();
  });
});
