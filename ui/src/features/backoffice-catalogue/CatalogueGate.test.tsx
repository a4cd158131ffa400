import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProfileMenu } from '@/features/backoffice/testing/menu';
import { resetSession, setSession } from '@/lib/session';
import { screen, userEvent } from '@/test/render';
import { FULL_SPEC, mockCatalogue, ok, permissions, refuse, STAFF } from './testing/fixtures';
import { renderCatalogue } from './testing/render-catalogue';

beforeEach(() => resetSession());
afterEach(() => resetSession());

describe('the catalogue gate', () => {
  it('asks for a login without a session, and calls nothing of the back office', async () => {
    const api = mockCatalogue();
    setSession(null);
    renderCatalogue('/a1catalogo');
    expect(await screen.findByTestId('catalogue-login-required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(api.backoffice()).toHaveLength(0);
  });

  it("shows 'sem permissão' when the spec call answers 403", async () => {
    mockCatalogue({
      'stats/getUserPermissions': ok(permissions([6])),
      'GET backoffice/catalogue': refuse('no permission', 403),
    });
    setSession({ user: STAFF });
    renderCatalogue('/a1catalogo');
    expect(await screen.findByTestId('catalogue-no-permission')).toHaveTextContent(
      'Você não tem permissão para editar o catálogo.',
    );
  });

  it('asks for a login again when a call answers 401', async () => {
    mockCatalogue({ 'GET backoffice/catalogue': refuse('unauthorized', 401) });
    setSession({ user: STAFF });
    renderCatalogue('/a1catalogo/artists');
    expect(await screen.findByTestId('catalogue-login-required')).toBeInTheDocument();
  });

  it('offers a retry when the spec fails otherwise', async () => {
    let calls = 0;
    mockCatalogue({
      'GET backoffice/catalogue': () => {
        calls += 1;
        return calls === 1 ? refuse('boom', 500) : ok(FULL_SPEC);
      },
    });
    setSession({ user: STAFF });
    const user = userEvent.setup();
    renderCatalogue('/a1catalogo');
    expect(await screen.findByTestId('catalogue-gate-error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('catalogue-home')).toBeInTheDocument();
  });
});

describe("the profile menu's 'Catálogo'", () => {
  it.each([[[7]], [[5]]])(
    'is offered to permissions %j, linking to /a1catalogo',
    async (granted) => {
      mockCatalogue({ 'stats/getUserPermissions': ok(permissions(granted)) });
      await openProfileMenu();
      const item = await screen.findByRole('menuitem', { name: 'Catálogo' });
      expect(item).toHaveAttribute('href', '/a1catalogo');
    },
  );

  it('is not offered to permission 6 alone', async () => {
    mockCatalogue({ 'stats/getUserPermissions': ok(permissions([6])) });
    await openProfileMenu();
    // 'Promoções' (permission 6) shows up: the permissions have arrived.
    await screen.findByRole('menuitem', { name: 'Promoções' });
    expect(screen.queryByRole('menuitem', { name: 'Catálogo' })).not.toBeInTheDocument();
  });
});
