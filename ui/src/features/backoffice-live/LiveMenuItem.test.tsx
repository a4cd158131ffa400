import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProfileMenu } from '@/features/backoffice/testing/menu';
import { resetSession } from '@/lib/session';
import { screen } from '@/test/render';
import { mockLive, ok, permissions } from './testing/fixtures';

beforeEach(() => resetSession());
afterEach(() => resetSession());

async function openMenu(granted: number[]) {
  mockLive({ 'stats/getUserPermissions': ok(permissions(granted)) });
  await openProfileMenu();
}

describe("the profile menu's 'Transmissão ao vivo'", () => {
  it('is offered to permission 7, next to the catalogue, linking to /a1aovivo', async () => {
    await openMenu([7]);
    const item = await screen.findByRole('menuitem', { name: 'Transmissão ao vivo' });
    expect(item).toHaveAttribute('href', '/a1aovivo');
    const names = screen.getAllByRole('menuitem').map((entry) => entry.textContent);
    expect(names.indexOf('Transmissão ao vivo')).toBe(names.indexOf('Catálogo') + 1);
  });

  it('is not offered to a journalist (permission 5 alone)', async () => {
    await openMenu([5]);
    await screen.findByRole('menuitem', { name: 'Catálogo' });
    expect(screen.queryByRole('menuitem', { name: 'Transmissão ao vivo' })).not.toBeInTheDocument();
  });
});
