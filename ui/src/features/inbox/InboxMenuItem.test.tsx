import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileMenu } from '@/features/shell/components/Header/ProfileMenu';
import { resetSession, setSession } from '@/lib/session';
import { errorReply, mockApi } from '@/test/api-mock';
import { render, screen, userEvent, waitFor } from '@/test/render';
import { folders, STAFF } from './testing/fixtures';

function permissions(granted: number[]) {
  return { userPermissions: granted, content: { affiliates: [], affiliatesUrl: '', links: [] } };
}

async function openMenu() {
  setSession({ user: STAFF });
  const user = userEvent.setup();
  render(<ProfileMenu onLogout={() => undefined} />);
  await user.click(screen.getByTestId('profile-menu'));
  await screen.findByRole('menuitem', { name: 'Sair' });
}

beforeEach(() => resetSession());
afterEach(() => resetSession());

describe("the profile menu's 'Caixa de entrada'", () => {
  it('is offered to permission 4, with the unhandled count, linking to /a1inbox', async () => {
    mockApi({
      '/api/v1/stats/getUserPermissions': permissions([1, 4]),
      '/api/v1/inbox/summary': folders({ contact: [2, 5], workWithUs: [1, 1] }),
    });
    await openMenu();
    const item = await screen.findByRole('menuitem', { name: /Caixa de entrada/ });
    expect(item).toHaveAttribute('href', '/a1inbox');
    await waitFor(() => expect(item).toHaveTextContent('(3 não lidas)'));
  });

  it('is not offered without permission 4, and the inbox is not asked', async () => {
    const fetchMock = mockApi({
      '/api/v1/stats/getUserPermissions': permissions([1, 2, 3]),
      '/api/v1/inbox/summary': errorReply(403, 'no permission'),
    });
    await openMenu();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('getUserPermissions'))).toBe(
        true,
      ),
    );
    await new Promise((done) => setTimeout(done, 30));
    expect(screen.queryByRole('menuitem', { name: /Caixa de entrada/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/inbox/'))).toBe(false);
  });
});
