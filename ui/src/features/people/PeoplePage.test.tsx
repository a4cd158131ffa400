import { describe, expect, it } from 'vitest';
import { resetAroundEachTest, setWidth } from '@/features/backoffice/testing/setup';
import { Route, Routes } from '@/lib/router';
import {
  STAFF as JOURNALIST_STAFF,
  mockBackoffice,
  type Handler,
  ok,
  permissions,
  refuse,
} from '@/features/backoffice/testing/mock-backoffice';
import type { AuditEntry } from '@/generated/AuditEntry';
import type { Person } from '@/generated/Person';
import type { PersonRow } from '@/generated/PersonRow';
import { setSession } from '@/lib/session';
import { act, fireEvent, render, screen, userEvent, waitFor, within } from '@/test/render';
import { auditDiff, diffText } from './audit-diff';
import { PeoplePage } from './PeoplePage';

const STAFF = { ...JOURNALIST_STAFF, name: 'Pessoas', email: 'pessoas@example.com' };

function row(id: number, overrides: Partial<PersonRow> = {}): PersonRow {
  return {
    id,
    name: `Maria ${id}`,
    email: `maria${id}@example.com`,
    createdAt: '2026-11-20T09:30:00-03:00',
    confirmed: true,
    disabled: false,
    isPro: false,
    proUntil: null,
    permissions: [],
    ...overrides,
  };
}

function person(account: PersonRow): Person {
  return { account, subscriptions: [] };
}

const page = (items: PersonRow[]) => ({ items, total: items.length, page: 1, perPage: 20 });

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-25T10:00:00-03:00',
    actor: 'pessoas@example.com',
    action: 'user.permissions',
    entity: 'user',
    entityId: 7,
    before: { email: 'maria7@example.com', permissions: [], isPro: false },
    after: { email: 'maria7@example.com', permissions: [5, 8], isPro: false },
    ...overrides,
  };
}

function renderPeople(route = '/a1pessoas') {
  return render(
    <Routes>
      <Route path="/a1pessoas" element={<PeoplePage />} />
    </Routes>,
    { route },
  );
}

/** The back office's fetch stand-in; the caller holds the newsroom's permission only by default. */
const mockApiCalls = (handlers: Record<string, Handler> = {}) =>
  mockBackoffice({ 'stats/getUserPermissions': ok(permissions([5])), ...handlers });

resetAroundEachTest();

describe('/a1pessoas access', () => {
  it('without a session: the login prompt, and no back-office call', async () => {
    const api = mockApiCalls();
    setSession(null);
    renderPeople();
    expect(screen.getByTestId('people-login-required')).toHaveTextContent(
      'Você precisa estar logado para entrar na área de pessoas.',
    );
    await act(() => new Promise((done) => setTimeout(done, 30)));
    expect(api.backoffice()).toHaveLength(0);
  });

  it('without permission 8: the no-permission state, and nothing is asked', async () => {
    const api = mockApiCalls({ 'stats/getUserPermissions': ok(permissions([1, 4, 5, 6, 7])) });
    setSession({ user: STAFF });
    renderPeople();
    expect(await screen.findByTestId('people-no-permission')).toBeInTheDocument();
    expect(api.backoffice()).toHaveLength(0);
  });

  it('a 403 from the search (a permission taken away) shows the same state', async () => {
    mockApiCalls({
      'stats/getUserPermissions': ok(permissions([8])),
      'backoffice/people': refuse('no permission', 403),
    });
    setSession({ user: STAFF });
    renderPeople();
    expect(await screen.findByTestId('people-no-permission')).toBeInTheDocument();
  });
});

describe('/a1pessoas search and account', () => {
  it('searches by what is typed and lists the accounts (cards on a phone)', async () => {
    setWidth(375);
    const api = mockApiCalls({
      'stats/getUserPermissions': ok(permissions([8])),
      'backoffice/people': (call) =>
        ok(
          call.url.searchParams.get('q') === 'joana'
            ? page([row(9, { name: 'Joana Lima', email: 'joana@example.com', isPro: true })])
            : page([row(1), row(2, { disabled: true })]),
        ),
    });
    setSession({ user: STAFF });
    renderPeople();
    expect(await screen.findAllByTestId('people-row')).toHaveLength(2);
    expect(screen.getByTestId('people-cards')).toBeInTheDocument();
    expect(screen.getByText('Desativada')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Buscar contas'), { target: { value: 'joana' } });
    await waitFor(() => expect(screen.getAllByTestId('people-row')).toHaveLength(1));
    expect(screen.getByText('Joana Lima')).toBeInTheDocument();
    const searched = api.to('GET', 'backoffice/people').at(-1);
    expect(searched?.url.searchParams.get('q')).toBe('joana');
    expect(searched?.url.searchParams.get('page')).toBe('1');
  });

  it('shows the empty state when nothing matches', async () => {
    mockApiCalls({
      'stats/getUserPermissions': ok(permissions([8])),
      'backoffice/people': ok(page([])),
    });
    setSession({ user: STAFF });
    renderPeople();
    expect(await screen.findByTestId('people-empty')).toHaveTextContent('Nenhuma conta encontrada');
  });

  it('saves the permissions ticked, as the whole set, and says so', async () => {
    setWidth(1280);
    const account = row(7, { permissions: [5] });
    const api = mockApiCalls({
      'stats/getUserPermissions': ok(permissions([8])),
      'backoffice/people': ok(page([account])),
      'GET backoffice/people/7': ok(person(account)),
      'PUT backoffice/people/7/permissions': (call) =>
        ok(
          person({ ...account, permissions: (call.body as { permissions: number[] }).permissions }),
        ),
    });
    setSession({ user: STAFF });
    const user = userEvent.setup();
    renderPeople();
    await screen.findByTestId('people-table');
    await user.click(screen.getByRole('button', { name: 'Maria 7' }));
    const drawer = await screen.findByTestId('person-detail');
    expect(within(drawer).getByLabelText('5 · Redação')).toBeChecked();
    await user.click(within(drawer).getByLabelText('8 · Pessoas'));
    await user.click(within(drawer).getByLabelText('1 · Estatísticas'));
    await user.click(within(drawer).getByRole('button', { name: 'Salvar permissões' }));
    await waitFor(() => expect(api.to('PUT', 'backoffice/people/7/permissions')).toHaveLength(1));
    expect(api.to('PUT', 'backoffice/people/7/permissions')[0]?.body).toEqual({
      permissions: [1, 5, 8],
    });
    expect(await screen.findByText('Permissões salvas')).toBeInTheDocument();
  });

  it('shows the server refusal of a change as a toast', async () => {
    const account = row(7, { permissions: [8] });
    mockApiCalls({
      'stats/getUserPermissions': ok(permissions([8])),
      'backoffice/people': ok(page([account])),
      'GET backoffice/people/7': ok(person(account)),
      'PUT backoffice/people/7/permissions': refuse(
        'Você não pode remover a sua própria permissão',
        400,
      ),
    });
    setSession({ user: STAFF });
    const user = userEvent.setup();
    renderPeople();
    const rows = await screen.findAllByTestId('people-row');
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: /Maria 7/ }));
    const drawer = await screen.findByTestId('person-detail');
    await user.click(within(drawer).getByLabelText('8 · Pessoas'));
    await user.click(within(drawer).getByRole('button', { name: 'Salvar permissões' }));
    expect(
      await screen.findByText('Você não pode remover a sua própria permissão'),
    ).toBeInTheDocument();
  });

  it('disables an account only after the confirmation', async () => {
    const account = row(7);
    const api = mockApiCalls({
      'stats/getUserPermissions': ok(permissions([8])),
      'backoffice/people': ok(page([account])),
      'GET backoffice/people/7': ok(person(account)),
      'POST backoffice/people/7/disabled': ok(person({ ...account, disabled: true })),
    });
    setSession({ user: STAFF });
    const user = userEvent.setup();
    renderPeople();
    const rows = await screen.findAllByTestId('people-row');
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: /Maria 7/ }));
    const drawer = await screen.findByTestId('person-detail');
    await user.click(within(drawer).getByRole('button', { name: 'Desativar conta' }));
    expect(await screen.findByText('Desativar esta conta?')).toBeInTheDocument();
    expect(api.to('POST', 'backoffice/people/7/disabled')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(api.to('POST', 'backoffice/people/7/disabled')).toHaveLength(1));
    expect(api.to('POST', 'backoffice/people/7/disabled')[0]?.body).toEqual({ disabled: true });
    expect(await screen.findByText('Conta desativada e sessões encerradas')).toBeInTheDocument();
  });
});

describe("/a1pessoas 'Registro de alterações'", () => {
  it('lists the changes newest first with who, what and the diff on demand', async () => {
    const api = mockApiCalls({
      'stats/getUserPermissions': ok(permissions([8])),
      'backoffice/audit': ok({
        items: [
          entry(2),
          entry(1, {
            action: 'news.update',
            entity: 'news',
            entityId: 40,
            before: { title: 'Antes' },
            after: { title: 'Depois' },
          }),
        ],
        total: 2,
        page: 1,
        perPage: 20,
      }),
    });
    setSession({ user: STAFF });
    const user = userEvent.setup();
    renderPeople('/a1pessoas?aba=registro');
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries).toHaveLength(2);
    const first = entries[0] as HTMLElement;
    expect(first).toHaveTextContent('Permissões alteradas');
    expect(first).toHaveTextContent('Conta nº 7');
    expect(first).toHaveTextContent('pessoas@example.com');
    expect(entries[1]).toHaveTextContent('Notícia alterada');
    await user.click(within(first).getByRole('button', { name: 'Ver alterações' }));
    const diff = await within(first).findByTestId('audit-diff');
    expect(diff).toHaveTextContent('permissions: [] → [5,8]');
    expect(diff).not.toHaveTextContent('email');
    expect(api.to('GET', 'backoffice/audit')[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('shows the empty state', async () => {
    mockApiCalls({
      'stats/getUserPermissions': ok(permissions([8])),
      'backoffice/audit': ok({ items: [], total: 0, page: 1, perPage: 20 }),
    });
    setSession({ user: STAFF });
    renderPeople('/a1pessoas?aba=registro');
    expect(await screen.findByTestId('audit-empty')).toBeInTheDocument();
  });
});

describe('auditDiff', () => {
  it('lists changed, added and removed fields, nested by dotted keys', () => {
    const lines = auditDiff(
      { a: 1, b: 'x', nested: { c: true }, gone: 2 },
      { a: 1, b: 'y', nested: { c: false }, added: [1] },
    ).map(diffText);
    expect(lines).toEqual([
      'b: "x" → "y"',
      'nested.c: true → false',
      'gone: 2 → (removido)',
      'added: + [1]',
    ]);
    expect(auditDiff(null, { a: 1 }).map(diffText)).toEqual(['a: + 1']);
    expect(auditDiff({ a: 1 }, null).map(diffText)).toEqual(['a: 1 → (removido)']);
  });
});
