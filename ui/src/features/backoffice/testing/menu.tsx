/** The profile menu's desk items in tests: open the menu as a staff member and look for an item. */
import { describe, expect, it } from 'vitest';
import { ProfileMenu } from '@/features/shell/components/Header/ProfileMenu';
import { setSession } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { render, screen, userEvent } from '@/test/render';
import { permissions, STAFF } from './mock-backoffice';

/** Opens the profile menu of a signed-in staff member, once it is drawn. */
export async function openProfileMenu() {
  setSession({ user: STAFF });
  const user = userEvent.setup();
  render(<ProfileMenu onLogout={() => undefined} />);
  await user.click(screen.getByTestId('profile-menu'));
  await screen.findByRole('menuitem', { name: 'Sair' });
}

/**
 * The two tests of a desk's menu item: offered with its permission, linking to the desk; not
 * offered with the others (`witness`, an item those permissions show, says they have arrived).
 */
export function describeMenuItem({
  name,
  path,
  permission,
  others,
  witness = 'Redação',
}: {
  name: string;
  path: string;
  permission: number;
  others: number[];
  witness?: string;
}) {
  describe(`the profile menu's '${name}'`, () => {
    it(`is offered to permission ${permission}, linking to ${path}`, async () => {
      mockApi({ '/api/v1/stats/getUserPermissions': permissions([permission]) });
      await openProfileMenu();
      const item = await screen.findByRole('menuitem', { name });
      expect(item).toHaveAttribute('href', path);
    });

    it(`is not offered without permission ${permission}`, async () => {
      mockApi({ '/api/v1/stats/getUserPermissions': permissions(others) });
      await openProfileMenu();
      // The witness shows up: the permissions have arrived.
      await screen.findByRole('menuitem', { name: witness });
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
    });
  });
}
