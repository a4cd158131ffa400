import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNALIST_STAFF, permissions } from '@/features/newsroom/testing/fixtures';
import { ProfileMenu } from '@/features/shell/components/Header/ProfileMenu';
import { resetSession, setSession } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { render, screen, userEvent } from '@/test/render';

async function openMenu() {
  setSession({ user: JOURNALIST_STAFF });
  const user = userEvent.setup();
  render(<ProfileMenu onLogout={() => undefined} />);
  await user.click(screen.getByTestId('profile-menu'));
  await screen.findByRole('menuitem', { name: 'Sair' });
}

beforeEach(() => resetSession());
afterEach(() => resetSession());

describe("the profile menu's 'Pessoas'", () => {
  it('is offered to permission 8, linking to /a1pessoas', async () => {
    mockApi({ '/api/v1/stats/getUserPermissions': permissions([8]) });
    await openMenu();
    const item = await screen.findByRole('menuitem', { name: 'Pessoas' });
    expect(item).toHaveAttribute('href', '/a1pessoas');
  });

  it('is not offered without permission 8', async () => {
    mockApi({ '/api/v1/stats/getUserPermissions': permissions([4, 5, 6, 7]) });
    await openMenu();
    // 'Redação' (permission 5) shows up: the permissions have arrived.
    await screen.findByRole('menuitem', { name: 'Redação' });
    expect(screen.queryByRole('menuitem', { name: 'Pessoas' })).not.toBeInTheDocument();
  });
});
