import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link } from '@/lib/router';
import { mockAccountApi, ok, refuse, type Handler } from '@/features/auth/test-account-api';
import { resetSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { act, fireEvent, render, screen, within } from '@/test/render';
import { getHuntState, resetHunt } from './hunt-store';
import {
  CHEST_SHAKE_INTERVAL_MS,
  CHEST_SHAKE_MS,
  HUNT_INFO_MAX_AGE_MS,
  HUNT_PATH,
} from './hunt-constants';
import { HUNT_TEXTS } from './hunt-texts';
import { HuntOverlays } from './HuntOverlays';
import { makeHunt, makeUser, makeWin } from './testing/fixtures';

const P = '/api/v1/cacaAoTesouro/';
const INFO = `${P}checkInfoActiveHunt`;
const RESERVED = `${P}checkSomeReservedPrize`;
const PAGE_VIEW = `${P}setPageViewAndCheckWin`;
const OPEN = `${P}changeLogStatusAndSendMail`;
const SHARE = `${P}setShareSituation`;

const PAGES = Array.from({ length: 40 }, (_, index) => `/pagina-${index}`);

/** The overlays as the shell mounts them, with links to move between pages. */
function Harness() {
  return (
    <>
      <nav>
        {[...PAGES, HUNT_PATH].map((path) => (
          <Link key={path} to={path}>
            {`ir ${path}`}
          </Link>
        ))}
      </nav>
      <HuntOverlays />
    </>
  );
}

function goTo(path: string) {
  fireEvent.click(screen.getByRole('link', { name: `ir ${path}` }));
}

/** Lets the fetch mock's promises, React Query's scheduler and React settle (fake timers). */
async function settle() {
  for (let round = 0; round < 6; round += 1) {
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
}

function mockHunt(handlers: Record<string, Handler | ReturnType<typeof ok>> = {}) {
  const api = mockAccountApi({
    [INFO]: ok(makeHunt()),
    [RESERVED]: ok(null),
    [PAGE_VIEW]: ok(null),
    ...handlers,
  });
  const count = (path: string) => api.calls.filter((call) => call.path === path).length;
  return { ...api, count };
}

const chest = () => screen.queryByRole('button', { name: HUNT_TEXTS.chestLabel });
const getChest = () => screen.getByRole('button', { name: HUNT_TEXTS.chestLabel });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-10T12:00:00-03:00') });
  resetSession();
  resetHunt();
});

afterEach(() => {
  act(() => toast.clear());
  resetSession();
  resetHunt();
});

describe('the hunt banner', () => {
  it('shows the message and a link to the hunt page, and comes back after a reload once dismissed (HT-02, C29)', async () => {
    act(() => setSession(null));
    mockHunt();
    const first = render(<Harness />, { route: '/' });
    await settle();
    const banner = screen.getByTestId('hunt-banner');
    expect(banner).toHaveTextContent('A Caça ao Tesouro começou! Encontre o baú premiado.');
    expect(within(banner).getByRole('link', { name: 'Participar' })).toHaveAttribute(
      'href',
      HUNT_PATH,
    );

    fireEvent.click(
      within(banner).getByRole('button', { name: 'Fechar o aviso da caça ao tesouro' }),
    );
    expect(screen.queryByTestId('hunt-banner')).not.toBeInTheDocument();
    // Dismissed for the rest of the visit…
    goTo('/pagina-1');
    await settle();
    expect(screen.queryByTestId('hunt-banner')).not.toBeInTheDocument();

    // …but nothing remembers it: a reload shows it again.
    first.unmount();
    render(<Harness />, { route: '/' });
    await settle();
    expect(screen.getByTestId('hunt-banner')).toBeInTheDocument();
  });

  it('is hidden on /caca-ao-tesouro and without an active hunt', async () => {
    act(() => setSession(null));
    mockHunt();
    render(<Harness />, { route: HUNT_PATH });
    await settle();
    expect(screen.queryByTestId('hunt-banner')).not.toBeInTheDocument();
    goTo('/pagina-1');
    await settle();
    expect(screen.getByTestId('hunt-banner')).toBeInTheDocument();
  });

  it('is absent when no hunt is active', async () => {
    act(() => setSession(null));
    mockHunt({ [INFO]: ok(null) });
    render(<Harness />, { route: '/' });
    await settle();
    expect(screen.queryByTestId('hunt-banner')).not.toBeInTheDocument();
  });
});

describe('the hunt engine', () => {
  it('counts no page views for anonymous visitors nor incomplete registrations (HT-11, S13)', async () => {
    act(() => setSession(null));
    const api = mockHunt();
    render(<Harness />, { route: '/' });
    await settle();
    goTo('/pagina-1');
    await settle();
    expect(api.count(PAGE_VIEW)).toBe(0);
    expect(api.count(RESERVED)).toBe(0);

    act(() => setSession({ user: makeUser(false) }));
    await settle();
    for (const path of ['/pagina-2', '/pagina-3', '/pagina-4']) {
      goTo(path);
      await settle();
    }
    expect(api.count(PAGE_VIEW)).toBe(0);
    expect(chest()).not.toBeInTheDocument();
  });

  it('counts no page views while no hunt is active', async () => {
    act(() => setSession({ user: makeUser(true) }));
    const api = mockHunt({ [INFO]: ok(null) });
    render(<Harness />, { route: '/' });
    await settle();
    goTo('/pagina-1');
    await settle();
    expect(api.count(PAGE_VIEW)).toBe(0);
  });

  it('counts every route change of a complete registration', async () => {
    act(() => setSession({ user: makeUser(true) }));
    const api = mockHunt();
    render(<Harness />, { route: '/' });
    await settle();
    expect(api.count(PAGE_VIEW)).toBe(1);
    goTo('/pagina-1');
    await settle();
    goTo('/pagina-2');
    await settle();
    expect(api.count(PAGE_VIEW)).toBe(3);
    expect(api.calls.find((call) => call.path === PAGE_VIEW)?.body).toEqual({});
  });

  it('a login with a reserved prize shows the chest again, without page views while it waits', async () => {
    act(() => setSession({ user: makeUser(true) }));
    const api = mockHunt({ [RESERVED]: ok(makeWin()) });
    render(<Harness />, { route: '/' });
    await settle();
    expect(chest()).toBeInTheDocument();
    goTo('/pagina-1');
    await settle();
    expect(api.count(RESERVED)).toBe(1);
    expect(api.count(PAGE_VIEW)).toBe(0);
  });

  it('checks the reserved prize once per login and the hunt info only when older than 30 minutes (HT-10)', async () => {
    act(() => setSession({ user: makeUser(true) }));
    const api = mockHunt();
    render(<Harness />, { route: '/' });
    await settle();
    expect(api.count(INFO)).toBe(1);
    expect(api.count(RESERVED)).toBe(1);

    // A page a minute for 29 minutes: the cached hunt info answers.
    for (let minute = 1; minute <= 29; minute += 1) {
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      goTo(`/pagina-${minute}`);
      await settle();
    }
    expect(api.count(INFO)).toBe(1);

    // Past 30 minutes it is fetched again, once.
    await act(() => vi.advanceTimersByTimeAsync(HUNT_INFO_MAX_AGE_MS - 29 * 60_000 + 1));
    goTo('/pagina-30');
    await settle();
    expect(api.count(INFO)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    goTo('/pagina-31');
    await settle();
    expect(api.count(INFO)).toBe(2);

    expect(api.count(RESERVED)).toBe(1);
    expect(api.count(PAGE_VIEW)).toBe(32);

    // A new login checks again.
    act(() => setSession(null));
    await settle();
    act(() => setSession({ user: makeUser(true) }));
    await settle();
    expect(api.count(RESERVED)).toBe(2);
  });
});

describe('the chest and the prize modal', () => {
  async function winOnFirstPage(handlers: Record<string, Handler | ReturnType<typeof ok>> = {}) {
    act(() => setSession({ user: makeUser(true) }));
    let views = 0;
    const api = mockHunt({
      [PAGE_VIEW]: () => {
        views += 1;
        return ok(views === 1 ? makeWin() : null);
      },
      [OPEN]: ok(makeWin({ status: 'opened' })),
      [SHARE]: ok(null),
      ...handlers,
    });
    render(<Harness />, { route: '/' });
    await settle();
    return api;
  }

  it('a prize won shows the closed chest, which shakes about every 3 s (HT-07)', async () => {
    const api = await winOnFirstPage();
    const button = getChest();
    expect(button).not.toHaveAttribute('data-shaking');

    await act(() => vi.advanceTimersByTimeAsync(CHEST_SHAKE_INTERVAL_MS - 1));
    expect(button).not.toHaveAttribute('data-shaking');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(button).toHaveAttribute('data-shaking');
    await act(() => vi.advanceTimersByTimeAsync(CHEST_SHAKE_MS));
    expect(button).not.toHaveAttribute('data-shaking');
    await act(() => vi.advanceTimersByTimeAsync(CHEST_SHAKE_INTERVAL_MS - CHEST_SHAKE_MS));
    expect(button).toHaveAttribute('data-shaking');

    // The chest is a real button, reachable with the keyboard.
    button.focus();
    expect(button).toHaveFocus();
    // No page views while the prize waits.
    goTo('/pagina-1');
    await settle();
    expect(api.count(PAGE_VIEW)).toBe(1);
  });

  it("opens the prize modal; 'ok, entendi' reveals the shares; a share posts setShareSituation and the hunt goes on (HT-08)", async () => {
    const api = await winOnFirstPage();
    fireEvent.click(getChest());
    await settle();
    expect(api.count(OPEN)).toBe(1);
    expect(api.calls.find((call) => call.path === OPEN)?.body).toEqual({});

    const dialog = screen.getByRole('dialog', { name: 'Parabéns!' });
    expect(within(dialog).getByTestId('hunt-prize-name')).toHaveTextContent(
      'Caixa de som portátil',
    );
    expect(within(dialog).getByText('Caixa de som à prova d’água.')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Caixa de som portátil' })).toHaveAttribute(
      'src',
      '/media/img/prize/caixa-de-som-portatil.svg',
    );
    expect(chest()).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Compartilhar/ })).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'ok, entendi' }));
    await settle(); // the station profile (its public address)
    const facebook = within(dialog).getByRole('link', { name: 'Compartilhar no Facebook' });
    const twitter = within(dialog).getByRole('link', { name: 'Compartilhar no Twitter' });
    const whatsapp = within(dialog).getByRole('link', { name: 'Compartilhar no WhatsApp' });
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    const huntUrl = encodeURIComponent('https://teste.example/caca-ao-tesouro');
    for (const link of [facebook, twitter, whatsapp]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('href')).toContain(huntUrl);
    }

    // Still pending: the pages seen now are not counted.
    goTo('/pagina-1');
    await settle();
    expect(api.count(PAGE_VIEW)).toBe(1);

    // jsdom cannot open windows: keep the link's default action out of the test.
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop);
    fireEvent.click(whatsapp);
    document.removeEventListener('click', stop);
    await settle();
    expect(api.calls.filter((call) => call.path === SHARE).map((call) => call.body)).toEqual([
      { shareSituation: 'whatsapp' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getHuntState().win).toBeNull();

    // The hunt goes on from the next page.
    expect(api.count(PAGE_VIEW)).toBe(1);
    goTo('/pagina-2');
    await settle();
    expect(api.count(PAGE_VIEW)).toBe(2);
  });

  it('closing without sharing keeps the hunt paused', async () => {
    const api = await winOnFirstPage();
    fireEvent.click(getChest());
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Parabéns!' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ok, entendi' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await settle();
    expect(getHuntState()).toMatchObject({ modalOpen: false, win: { status: 'opened' } });
    goTo('/pagina-1');
    await settle();
    expect(api.count(PAGE_VIEW)).toBe(1);
    expect(api.count(SHARE)).toBe(0);
  });

  it('a failed opening says so and leaves the chest to click again (HT-09)', async () => {
    let attempts = 0;
    const api = await winOnFirstPage({
      [OPEN]: () => {
        attempts += 1;
        return attempts === 1 ? refuse('email not sent') : ok(makeWin({ status: 'opened' }));
      },
    });
    fireEvent.click(getChest());
    await settle();
    expect(
      screen.getByText('Ocorreu um erro inesperado! Por favor tente novamente clicando no baú.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Parabéns!' })).not.toBeInTheDocument();
    expect(chest()).toBeInTheDocument();

    fireEvent.click(getChest());
    await settle();
    expect(api.count(OPEN)).toBe(2);
    expect(screen.getByRole('dialog', { name: 'Parabéns!' })).toBeInTheDocument();
  });

  it('logging out takes the chest away', async () => {
    await winOnFirstPage();
    expect(chest()).toBeInTheDocument();
    act(() => setSession(null));
    await settle();
    expect(chest()).not.toBeInTheDocument();
  });
});
