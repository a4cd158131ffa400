import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Coin } from '@/generated/Coin';
import type { Crypto } from '@/generated/Crypto';
import type { Currency } from '@/generated/Currency';
import { CURRENCY_TOGGLE_MS, MARKETS_REFRESH_MS } from '@/lib/constants';
import { errorReply, mockApi } from '@/test/api-mock';
import { act, render, screen, userEvent, waitFor, within } from '@/test/render';
import { CryptoBox } from './CryptoBox';
import { CurrencyBox } from './CurrencyBox';
import { sparklinePoints } from './sparkline-points';

const CURRENCY = '/api/v1/external/currency';
const CRYPTO = '/api/v1/external/crypto';

const currency = (usd = 5.4312, eur = 6.0221, stale = false): Currency => ({
  quotes: [
    {
      code: 'USD',
      name: 'Dólar',
      bid: usd,
      ask: usd + 0.01,
      pctChange: 0.25,
      quotedAt: '2026-11-25T14:05:00-03:00',
    },
    {
      code: 'EUR',
      name: 'Euro',
      bid: eur,
      ask: eur + 0.01,
      pctChange: -0.4,
      quotedAt: '2026-11-25T14:05:00-03:00',
    },
  ],
  stale,
  unavailable: false,
});

const UNAVAILABLE = 'Cotações indisponíveis no momento.';
const DATA_ERROR = 'Não foi possível obter os dados.';

const coin = (id: string, symbol: string, name: string, price: number, days = 168): Coin => ({
  id,
  symbol,
  name,
  priceUsd: price,
  change24h: 1.5,
  marketCapUsd: price * 1e7,
  sparkline: Array.from({ length: days }, (_, index) => price * (0.9 + (index / days) * 0.1)),
});

const crypto = (btc = 97123.45): Crypto => ({
  coins: [
    coin('bitcoin', 'BTC', 'Bitcoin', btc),
    coin('ethereum', 'ETH', 'Ethereum', 3456.7),
    coin('tether', 'USDT', 'Tether', 1),
    coin('ripple', 'XRP', 'XRP', 0.5213),
  ],
  stale: false,
  unavailable: false,
});

/** Intl puts a no-break space between 'R$' and the number. */
const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ') ?? '';

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://x').pathname === path)
    .length;

function fakeTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('currency box (HW-04)', () => {
  it('USD-BRL and EUR-BRL take turns every 5 s', async () => {
    fakeTimers();
    mockApi({ [CURRENCY]: currency() });
    render(<CurrencyBox />);
    const first = await screen.findByTestId('currency-quote');
    expect(first).toHaveAttribute('data-code', 'USD');
    expect(text(first)).toContain('Dólar · USD-BRL');
    expect(text(screen.getByTestId('currency-price'))).toBe('R$ 5,43');

    await act(() => vi.advanceTimersByTimeAsync(CURRENCY_TOGGLE_MS - 100));
    expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'USD');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'EUR');
    expect(text(screen.getByTestId('currency-price'))).toBe('R$ 6,02');
    expect(text(screen.getByTestId('currency-quote'))).toContain('-0,40%');

    await act(() => vi.advanceTimersByTimeAsync(CURRENCY_TOGGLE_MS));
    expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'USD');
  });

  it('the quotes are read again every 60 s', async () => {
    fakeTimers();
    let usd = 5.4312;
    const fetchMock = mockApi({ [CURRENCY]: { toJSON: () => currency(usd) } });
    render(<CurrencyBox />);
    await screen.findByTestId('currency-quote');
    expect(calls(fetchMock, CURRENCY)).toBe(1);

    usd = 5.61;
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_REFRESH_MS - 1000));
    expect(calls(fetchMock, CURRENCY)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls(fetchMock, CURRENCY)).toBe(2);
    // 12 turns later USD shows again, with the new price.
    await waitFor(() =>
      expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'USD'),
    );
    expect(text(screen.getByTestId('currency-price'))).toBe('R$ 5,61');
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_REFRESH_MS));
    expect(calls(fetchMock, CURRENCY)).toBe(3);
  });

  it('no refresh while the tab is hidden; it catches up when the tab shows again', async () => {
    fakeTimers();
    const fetchMock = mockApi({ [CURRENCY]: currency() });
    render(<CurrencyBox />);
    await screen.findByTestId('currency-quote');
    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(3 * MARKETS_REFRESH_MS));
    expect(calls(fetchMock, CURRENCY)).toBe(1);
    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_REFRESH_MS));
    expect(calls(fetchMock, CURRENCY)).toBeGreaterThanOrEqual(2);
  });

  it('screen readers are not told every turn; the listener can pause and pick, and the pick is announced', async () => {
    fakeTimers();
    mockApi({ [CURRENCY]: currency() });
    render(<CurrencyBox />);
    const quote = await screen.findByTestId('currency-quote');
    const live = quote.parentElement as HTMLElement;
    expect(live).toHaveAttribute('aria-live', 'off');

    await userEvent.click(screen.getByRole('button', { name: 'Pausar a alternância' }));
    expect(live).toHaveAttribute('aria-live', 'polite');
    // Paused: no more turns (the pointer left the box after the click).
    await userEvent.unhover(screen.getByTestId('currency-box'));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await act(() => vi.advanceTimersByTimeAsync(3 * CURRENCY_TOGGLE_MS));
    expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'USD');

    await userEvent.click(screen.getByRole('button', { name: 'Mostrar EUR (Euro)' }));
    expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'EUR');
    expect(screen.getByRole('button', { name: 'Mostrar EUR (Euro)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Retomar a alternância' }));
    await userEvent.unhover(screen.getByTestId('currency-box'));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(live).toHaveAttribute('aria-live', 'off');
    await act(() => vi.advanceTimersByTimeAsync(CURRENCY_TOGGLE_MS));
    expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'USD');
  });

  it('the turns wait while the keyboard is on the box', async () => {
    fakeTimers();
    mockApi({ [CURRENCY]: currency() });
    render(<CurrencyBox />);
    await screen.findByTestId('currency-quote');
    screen.getByRole('button', { name: 'Mostrar USD (Dólar)' }).focus();
    await act(() => vi.advanceTimersByTimeAsync(2 * CURRENCY_TOGGLE_MS));
    expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'USD');
    act(() => (document.activeElement as HTMLElement).blur());
    await act(() => vi.advanceTimersByTimeAsync(CURRENCY_TOGGLE_MS));
    expect(screen.getByTestId('currency-quote')).toHaveAttribute('data-code', 'EUR');
  });

  it('a placeholder of the same slot while loading; a provider down is a quiet line, and the quotes come back with it', async () => {
    fakeTimers();
    let down = true;
    const fetchMock = mockApi({
      [CURRENCY]: {
        toJSON: () => (down ? { quotes: [], stale: false, unavailable: true } : currency()),
      },
    });
    render(<CurrencyBox />);
    expect(screen.getByTestId('currency-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('currency-unavailable')).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByText(DATA_ERROR)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument();
    expect(calls(fetchMock, CURRENCY)).toBe(1);

    down = false;
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_REFRESH_MS));
    expect(await screen.findByTestId('currency-quote')).toHaveAttribute('data-code', 'USD');
    expect(screen.queryByTestId('currency-unavailable')).not.toBeInTheDocument();
  });

  it('our own server out of reach: the same quiet line', async () => {
    mockApi({ [CURRENCY]: errorReply(502, 'bad gateway') });
    render(<CurrencyBox />);
    expect(
      await screen.findByTestId('currency-unavailable', {}, { timeout: 5000 }),
    ).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByText(DATA_ERROR)).not.toBeInTheDocument();
  });

  it('a stale answer says from when its quote is', async () => {
    mockApi({ [CURRENCY]: currency(5.4312, 6.0221, true) });
    render(<CurrencyBox />);
    expect(await screen.findByTestId('currency-stale')).toHaveTextContent('dados das 14h05');
  });
});

describe('crypto box (HW-04)', () => {
  it('the top 4 coins with price, 24 h change and a 7-day sparkline', async () => {
    mockApi({ [CRYPTO]: crypto() });
    render(<CryptoBox />);
    const coins = await screen.findAllByTestId('crypto-coin');
    expect(coins.map((item) => item.getAttribute('data-coin'))).toEqual([
      'bitcoin',
      'ethereum',
      'tether',
      'ripple',
    ]);
    // Thousands without cents, so the price fits a phone's card; under a dollar, four decimals.
    expect(text(within(coins[0] as HTMLElement).getByTestId('crypto-price'))).toBe('US$ 97.123');
    expect(text(within(coins[1] as HTMLElement).getByTestId('crypto-price'))).toBe('US$ 3.457');
    expect(text(within(coins[2] as HTMLElement).getByTestId('crypto-price'))).toBe('US$ 1,00');
    expect(text(within(coins[3] as HTMLElement).getByTestId('crypto-price'))).toBe('US$ 0,5213');
    for (const item of coins) {
      const sparkline = within(item).getByRole('img');
      expect(sparkline).toHaveAttribute('aria-label', expect.stringMatching(/últimos 7 dias/));
      const points = sparkline.querySelector('polyline')?.getAttribute('points') ?? '';
      expect(points.split(' ')).toHaveLength(168);
    }
  });

  it('the coins are read again every 60 s', async () => {
    fakeTimers();
    let btc = 97123.45;
    const fetchMock = mockApi({ [CRYPTO]: { toJSON: () => crypto(btc) } });
    render(<CryptoBox />);
    await screen.findAllByTestId('crypto-coin');
    btc = 99000;
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_REFRESH_MS));
    expect(calls(fetchMock, CRYPTO)).toBe(2);
    await waitFor(() =>
      expect(text(screen.getAllByTestId('crypto-price')[0] as HTMLElement)).toBe('US$ 99.000'),
    );
  });

  it('4 placeholders while loading; a provider down is a quiet line, and the coins come back with it', async () => {
    fakeTimers();
    let down = true;
    mockApi({
      [CRYPTO]: {
        toJSON: () => (down ? { coins: [], stale: false, unavailable: true } : crypto()),
      },
    });
    render(<CryptoBox />);
    expect(screen.getByTestId('crypto-loading').querySelectorAll('li')).toHaveLength(4);
    expect(await screen.findByTestId('crypto-unavailable')).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByText(DATA_ERROR)).not.toBeInTheDocument();

    down = false;
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_REFRESH_MS));
    expect(await screen.findAllByTestId('crypto-coin')).toHaveLength(4);
    expect(screen.queryByTestId('crypto-unavailable')).not.toBeInTheDocument();
  });

  it('our own server out of reach: the same quiet line', async () => {
    mockApi({ [CRYPTO]: errorReply(502, 'bad gateway') });
    render(<CryptoBox />);
    expect(
      await screen.findByTestId('crypto-unavailable', {}, { timeout: 5000 }),
    ).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByText(DATA_ERROR)).not.toBeInTheDocument();
  });

  it('a failed refresh keeps the coins on screen, marked as late', async () => {
    fakeTimers();
    let fail = false;
    mockApi({
      [CRYPTO]: {
        toJSON: () => {
          if (fail) throw new Error('down');
          return crypto();
        },
      },
    });
    render(<CryptoBox />);
    await screen.findAllByTestId('crypto-coin');
    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(MARKETS_REFRESH_MS + 5000));
    expect(await screen.findByTestId('crypto-stale')).toBeInTheDocument();
    expect(screen.getAllByTestId('crypto-coin')).toHaveLength(4);
  });
});

describe('sparkline', () => {
  it('spans the box: the lowest price at the bottom, the highest at the top', () => {
    expect(sparklinePoints([1, 3, 2], 100, 10)).toBe('0,9 50,1 100,5');
  });

  it('a flat series is a line through the middle; fewer than two prices draw nothing', () => {
    expect(sparklinePoints([4, 4], 10, 10)).toBe('0,5 10,5');
    expect(sparklinePoints([4], 10, 10)).toBe('');
    expect(sparklinePoints([], 10, 10)).toBe('');
  });
});
