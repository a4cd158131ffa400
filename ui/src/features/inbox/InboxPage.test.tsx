import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLoginModalState, resetLoginModal } from '@/features/auth/login-modal-store';
import type { InboxItem } from '@/generated/InboxItem';
import { resetSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { DEFAULT_API } from '@/test/api-mock';
import { act, fireEvent, render, screen, waitFor, within } from '@/test/render';
import { InboxPage } from './InboxPage';
import { folders, makeItem, page, STAFF } from './testing/fixtures';

interface Envelope {
  status: 'success' | 'error' | number;
  message: string;
  data: unknown;
}
type Handler = Envelope | ((url: URL, init?: RequestInit) => Envelope | Promise<Envelope>);

const ok = (data: unknown): Envelope => ({ status: 'success', message: 'success', data });
const refuse = (message: string, status: Envelope['status']): Envelope => ({
  status,
  message,
  data: null,
});

interface Call {
  url: URL;
  method: string;
  body: unknown;
}

/** A fetch mock answering envelopes per path under /api/v1/; every call is recorded. */
function mockInbox(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const handler = handlers[url.pathname.replace('/api/v1/', '')];
    let reply: Envelope;
    if (handler) reply = typeof handler === 'function' ? await handler(url, init) : handler;
    else if (Object.hasOwn(DEFAULT_API, url.pathname)) reply = ok(DEFAULT_API[url.pathname]);
    else reply = refuse('not found', 404);
    return new Response(JSON.stringify(reply), {
      status: typeof reply.status === 'number' ? reply.status : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const inbox = () => calls.filter((call) => call.url.pathname.startsWith('/api/v1/inbox'));
  return {
    calls,
    inbox,
    to: (path: string) => inbox().filter((call) => call.url.pathname === `/api/v1/inbox/${path}`),
    lists: () => inbox().filter((call) => call.url.pathname.startsWith('/api/v1/inbox/list/')),
  };
}

/** The `index`-th call (negative from the end); fails the test when there is none. */
function nth(calls: Call[], index: number): Call {
  const call = calls.at(index);
  if (!call) throw new Error(`no call at ${index} (${calls.length} made)`);
  return call;
}

async function openInbox(route = '/a1inbox') {
  setSession({ user: STAFF });
  const result = render(<InboxPage />, { route });
  await screen.findByTestId('inbox');
  return result;
}

beforeEach(() => {
  resetSession();
  resetLoginModal();
});

afterEach(() => {
  act(() => toast.clear());
  resetSession();
  resetLoginModal();
});

describe('/a1inbox access', () => {
  it('without a session: the login prompt, and no /api/v1/inbox request', async () => {
    const api = mockInbox({});
    setSession(null);
    render(<InboxPage />, { route: '/a1inbox' });
    expect(screen.getByTestId('inbox-login-required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(getLoginModalState().opened).toBe(true);
    expect(getLoginModalState().params.notice).toBe(
      'Você precisa estar logado para ver a caixa de entrada.',
    );
    await act(() => new Promise((done) => setTimeout(done, 30)));
    expect(api.inbox()).toHaveLength(0);
  });

  it('a 401 from the server shows the login prompt', async () => {
    mockInbox({ 'inbox/summary': refuse('unauthorized', 401) });
    setSession({ user: STAFF });
    render(<InboxPage />, { route: '/a1inbox' });
    expect(await screen.findByTestId('inbox-login-required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(getLoginModalState().screen).toBe('login');
  });

  it("a 403 'no permission' shows the no-permission state, and no list is asked", async () => {
    const api = mockInbox({ 'inbox/summary': refuse('no permission', 403) });
    setSession({ user: STAFF });
    render(<InboxPage />, { route: '/a1inbox' });
    expect(
      await screen.findByText('Você não tem permissão para ver a caixa de entrada.'),
    ).toBeInTheDocument();
    expect(api.lists()).toHaveLength(0);
  });

  it('a failed summary offers a retry that asks again', async () => {
    let fail = true;
    const api = mockInbox({
      'inbox/summary': () => (fail ? refuse('internal error', 500) : ok(folders())),
      'inbox/list/recommendation': ok(page([])),
    });
    setSession({ user: STAFF });
    render(<InboxPage />, { route: '/a1inbox' });
    expect(await screen.findByTestId('inbox-error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('inbox')).toBeInTheDocument();
    expect(api.to('summary')).toHaveLength(2);
  });
});

describe('/a1inbox folders and list', () => {
  it("shows the server's folders with their unhandled counts, the first one open", async () => {
    mockInbox({
      'inbox/summary': ok(
        folders({ recommendation: [3, 10], contact: [1, 4], workWithUs: [0, 2] }),
      ),
      'inbox/list/recommendation': ok(page([])),
    });
    await openInbox();
    const nav = screen.getByRole('navigation', { name: 'Pastas' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Recomendação de música3, 3 não lidas de 10',
      'Contato1, 1 não lida de 4',
      'Trabalhe conosco0, 0 não lidas de 2',
      'Streaming gratuito0, 0 não lidas de 0',
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[1]).not.toHaveAttribute('aria-current');
  });

  it('asks the first page of unhandled messages, then follows the filter, the page and the folder', async () => {
    const many = Array.from({ length: 20 }, (_, index) => makeItem(100 - index));
    const api = mockInbox({
      'inbox/summary': ok(folders({ recommendation: [45, 60], contact: [1, 1] })),
      'inbox/list/recommendation': (url) =>
        ok(
          page(many, {
            total: 45,
            page: Number(url.searchParams.get('page')),
          }),
        ),
      'inbox/list/contact': ok(page([makeItem(7)])),
    });
    await openInbox();
    await screen.findByTestId('inbox-list');
    const first = nth(api.lists(), 0).url;
    expect(first.pathname).toBe('/api/v1/inbox/list/recommendation');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      page: '1',
      perPage: '20',
      status: 'unhandled',
    });
    expect(screen.getByTestId('inbox-range')).toHaveTextContent('1–20 de 45');

    fireEvent.click(screen.getByRole('radio', { name: 'Todas' }));
    await waitFor(() => expect(nth(api.lists(), -1).url.searchParams.get('status')).toBe('all'));

    fireEvent.click(screen.getByRole('radio', { name: 'Lidas' }));
    await waitFor(() =>
      expect(nth(api.lists(), -1).url.searchParams.get('status')).toBe('handled'),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(nth(api.lists(), -1).url.searchParams.get('page')).toBe('3'));
    expect(nth(api.lists(), -1).url.searchParams.get('status')).toBe('handled');
    expect(await screen.findByTestId('inbox-range')).toHaveTextContent('41–45 de 45');

    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    fireEvent.click(screen.getByTestId('inbox-folder-contact'));
    await waitFor(() =>
      expect(nth(api.lists(), -1).url.pathname).toBe('/api/v1/inbox/list/contact'),
    );
    // Another folder starts again at page 1, keeping the filter.
    expect(Object.fromEntries(nth(api.lists(), -1).url.searchParams)).toEqual({
      page: '1',
      perPage: '20',
      status: 'handled',
    });
    expect(screen.getByTestId('inbox-folder-contact')).toHaveAttribute('aria-current', 'page');
  });

  it('each row shows its summary, its date in pt-BR and whether the e-mail went out', async () => {
    mockInbox({
      'inbox/summary': ok(folders({ contact: [2, 2] })),
      'inbox/list/contact': ok(
        page([
          makeItem(2, { summary: 'Maria Souza — Comercial' }),
          makeItem(1, {
            summary: 'João Lima — Programação',
            createdAt: '2024-01-02T08:30:00-03:00',
            mailedAt: null,
          }),
        ]),
      ),
    });
    await openInbox('/a1inbox?pasta=contact');
    const first = await screen.findByTestId('inbox-row-2');
    expect(first).toHaveTextContent('Maria Souza — Comercial');
    expect(first).toHaveTextContent('10/05/2024 12:05');
    expect(within(first).getByTestId('inbox-mailed')).toHaveTextContent('E-mail enviado');
    const second = screen.getByTestId('inbox-row-1');
    expect(second).toHaveTextContent('02/01/2024 08:30');
    expect(within(second).getByTestId('inbox-not-mailed')).toHaveTextContent('E-mail pendente');
    expect(first).toHaveAttribute('href', '/a1inbox?pasta=contact&mensagem=2');
  });

  it("an empty folder says 'Nenhuma mensagem nesta pasta.'", async () => {
    mockInbox({
      'inbox/summary': ok(folders()),
      'inbox/list/recommendation': ok(page([])),
    });
    await openInbox();
    expect(await screen.findByText('Nenhuma mensagem nesta pasta.')).toBeInTheDocument();
  });

  it('shows skeletons while the list loads', async () => {
    let answer: (value: Envelope) => void = () => undefined;
    mockInbox({
      'inbox/summary': ok(folders()),
      'inbox/list/recommendation': () => new Promise<Envelope>((done) => (answer = done)),
    });
    await openInbox();
    expect(await screen.findByTestId('inbox-loading')).toBeInTheDocument();
    await act(async () => answer(ok(page([makeItem(1)]))));
    expect(await screen.findByTestId('inbox-row-1')).toBeInTheDocument();
    expect(screen.queryByTestId('inbox-loading')).not.toBeInTheDocument();
  });

  it('a failed list offers a retry', async () => {
    let fail = true;
    const api = mockInbox({
      'inbox/summary': ok(folders()),
      'inbox/list/recommendation': () =>
        fail ? refuse('internal error', 500) : ok(page([makeItem(1)])),
    });
    await openInbox();
    const error = await screen.findByTestId('inbox-list-error');
    expect(error).toHaveTextContent('Não foi possível carregar as mensagens.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByTestId('inbox-row-1')).toBeInTheDocument();
    expect(api.lists()).toHaveLength(2);
  });

  it('the CSV export links to the open folder', async () => {
    mockInbox({
      'inbox/summary': ok(folders()),
      'inbox/list/recommendation': ok(page([])),
      'inbox/list/freeStreaming': ok(page([])),
    });
    await openInbox();
    expect(
      screen.getByRole('link', { name: 'Exportar CSV: Recomendação de música' }),
    ).toHaveAttribute('href', '/api/v1/inbox/export/recommendation');
    fireEvent.click(screen.getByTestId('inbox-folder-freeStreaming'));
    expect(
      await screen.findByRole('link', { name: 'Exportar CSV: Streaming gratuito' }),
    ).toHaveAttribute('href', '/api/v1/inbox/export/freeStreaming');
  });
});

describe('/a1inbox message', () => {
  const SCRIPT = '<script>window.__pwned = true</script><b>negrito</b>';

  function withItem(item: InboxItem, extra: Record<string, Handler> = {}) {
    return mockInbox({
      'inbox/summary': ok(folders({ contact: [1, 1] })),
      'inbox/list/contact': ok(page([item])),
      [`inbox/item/${item.id}`]: ok(item),
      ...extra,
    });
  }

  it('opening a row shows every field as plain text', async () => {
    const item = makeItem(9, {
      fields: [
        { label: 'Nome', value: 'Ana <Admin>' },
        { label: 'Mensagem', value: SCRIPT },
        { label: 'Telefone', value: '' },
      ],
    });
    const api = withItem(item);
    await openInbox('/a1inbox?pasta=contact');
    fireEvent.click(await screen.findByTestId('inbox-row-9'));
    const article = await screen.findByTestId('inbox-item');
    expect(api.to('item/9')).toHaveLength(1);
    expect(within(article).getByRole('heading', { name: 'Ouvinte 9 — Comercial' })).toHaveFocus();
    const fields = within(article).getByTestId('inbox-fields');
    expect(within(fields).getByText(SCRIPT)).toBeInTheDocument();
    expect(within(fields).getByText('Ana <Admin>')).toBeInTheDocument();
    expect(within(fields).getByText('—')).toBeInTheDocument();
    expect(fields.querySelector('script')).toBeNull();
    expect(fields.querySelector('b')).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(within(article).getByText('Enviado em 10/05/2024 12:06')).toBeInTheDocument();
    expect(screen.getByTestId('inbox-row-9')).toHaveAttribute('aria-current', 'true');
  });

  it("'Marcar como tratada' posts {handled: true}, then refreshes the counts and the list", async () => {
    const item = makeItem(9);
    let handled = false;
    const api = withItem(item, {
      'inbox/summary': () => ok(folders({ contact: handled ? [0, 1] : [1, 1] })),
      'inbox/item/9/handled': (_url, init) => {
        handled = (JSON.parse(String(init?.body)) as { handled: boolean }).handled;
        return ok({
          ...item,
          handledAt: handled ? '2024-05-11T09:00:00-03:00' : null,
          handledBy: handled ? 'equipe@example.com' : null,
        });
      },
    });
    await openInbox('/a1inbox?pasta=contact&mensagem=9');
    const article = await screen.findByTestId('inbox-item');
    expect(screen.getByTestId('inbox-folder-contact')).toHaveTextContent('1, 1 não lida de 1');
    const summaries = api.to('summary').length;
    const lists = api.lists().length;

    fireEvent.click(within(article).getByRole('button', { name: 'Marcar como tratada' }));
    await waitFor(() => expect(api.to('item/9/handled')).toHaveLength(1));
    const post = nth(api.to('item/9/handled'), 0);
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ handled: true });

    expect(
      await within(article).findByRole('button', { name: 'Marcar como não tratada' }),
    ).toBeInTheDocument();
    expect(
      within(article).getByText('11/05/2024 09:00 por equipe@example.com'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('inbox-folder-contact')).toHaveTextContent('0, 0 não lidas de 1'),
    );
    expect(api.to('summary').length).toBeGreaterThan(summaries);
    expect(api.lists().length).toBeGreaterThan(lists);

    fireEvent.click(within(article).getByRole('button', { name: 'Marcar como não tratada' }));
    await waitFor(() => expect(api.to('item/9/handled')).toHaveLength(2));
    expect(nth(api.to('item/9/handled'), 1).body).toEqual({ handled: false });
    expect(
      await within(article).findByRole('button', { name: 'Marcar como tratada' }),
    ).toBeInTheDocument();
  });

  it("'Baixar currículo' links to the CV only when there is one", async () => {
    const withCv = makeItem(5, { kind: 'workWithUs', hasCurriculum: true });
    mockInbox({
      'inbox/summary': ok(folders({ workWithUs: [1, 2] })),
      'inbox/list/workWithUs': ok(page([withCv, makeItem(4, { kind: 'workWithUs' })])),
      'inbox/item/5': ok(withCv),
      'inbox/item/4': ok(makeItem(4, { kind: 'workWithUs' })),
    });
    await openInbox('/a1inbox?pasta=workWithUs&mensagem=5');
    const article = await screen.findByTestId('inbox-item');
    expect(within(article).getByRole('link', { name: 'Baixar currículo' })).toHaveAttribute(
      'href',
      '/api/v1/inbox/item/5/curriculum',
    );
    fireEvent.click(screen.getByTestId('inbox-row-4'));
    await waitFor(() =>
      expect(screen.getByTestId('inbox-item')).toHaveTextContent('Ouvinte 4 — Comercial'),
    );
    expect(screen.queryByRole('link', { name: 'Baixar currículo' })).not.toBeInTheDocument();
  });

  it('a message that no longer exists says so; the way back goes to the list', async () => {
    mockInbox({
      'inbox/summary': ok(folders()),
      'inbox/list/recommendation': ok(page([])),
      'inbox/item/77': refuse('submission not found', 404),
    });
    await openInbox('/a1inbox?mensagem=77');
    expect(await screen.findByTestId('inbox-item-error')).toHaveTextContent(
      'Esta mensagem não existe mais.',
    );
    expect(screen.getByRole('link', { name: 'Voltar para a lista' })).toHaveAttribute(
      'href',
      '/a1inbox?pasta=recommendation',
    );
  });
});
