import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AirQuality } from '@/generated/AirQuality';
import type { Place } from '@/generated/Place';
import type { Weather } from '@/generated/Weather';
import { errorReply, mockApi } from '@/test/api-mock';
import { render, screen, userEvent, waitFor } from '@/test/render';
import { temperatureBucket } from './temperature';
import { WeatherStrip } from './WeatherStrip';

const WEATHER = '/api/v1/external/weather';
const GEOCODE = '/api/v1/external/geocode';
const AIR = '/api/v1/external/air';

const weather = (overrides: Partial<Weather> = {}): Weather => ({
  temperature: 23.4,
  apparentTemperature: 24.1,
  humidity: 61,
  windSpeed: 9.7,
  weatherCode: 2,
  description: 'Parcialmente nublado',
  isDay: true,
  observedAt: '2026-11-25T14:05:00-03:00',
  stale: false,
  ...overrides,
});
const PLACE: Place = { name: 'São Paulo', state: 'SP', country: 'Brasil', stale: false };
const air = (index: number): AirQuality => ({
  index,
  label: 'label do servidor',
  europeanAqi: 18,
  pm25: 6.1,
  pm10: 11.2,
  stale: false,
});

/** São Paulo, more precise than the strip sends. */
const SP = { latitude: -23.55052, longitude: -46.633308 };

type Answer = { ok: typeof SP } | { fail: number };

/** A browser with geolocation; `permission` is what the Permissions API says (none: no API). */
function installGeolocation(answer: Answer, permission?: PermissionState) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if ('ok' in answer) ok({ coords: answer.ok, timestamp: Date.now() } as GeolocationPosition);
    else fail?.({ code: answer.fail, message: 'no' } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition },
    configurable: true,
  });
  if (permission) {
    const query = vi.fn(async () => ({ state: permission }) as PermissionStatus);
    Object.defineProperty(navigator, 'permissions', { value: { query }, configurable: true });
  }
  return getCurrentPosition;
}

afterEach(() => {
  // jsdom has neither: each test installs its own.
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(navigator, 'permissions');
});

function mockProviders(temperature = 23.4, index = 1) {
  return mockApi({
    [WEATHER]: weather({ temperature }),
    [GEOCODE]: PLACE,
    [AIR]: air(index),
  });
}

const callsTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);

describe('weather strip (HW-01, HW-02)', () => {
  it('never asks for the location on load; a click asks once and shows weather, place and air quality', async () => {
    const getCurrentPosition = installGeolocation({ ok: SP }, 'prompt');
    const fetchMock = mockProviders();
    render(<WeatherStrip />);

    const ask = await screen.findByRole('button', { name: 'Ver o tempo' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, WEATHER)).toHaveLength(0);

    await userEvent.click(ask);
    expect(await screen.findByTestId('weather-temperature')).toHaveTextContent('23°C');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('weather-description')).toHaveTextContent('Parcialmente nublado');
    expect(await screen.findByTestId('weather-place')).toHaveTextContent('São Paulo, SP');
    expect(await screen.findByTestId('weather-air')).toHaveTextContent('Boa');
    expect(screen.queryByTestId('weather-stale')).not.toBeInTheDocument();

    // Each of the three once, in parallel, with the position rounded to about 1 km.
    for (const path of [WEATHER, GEOCODE, AIR]) {
      const calls = callsTo(fetchMock, path);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.searchParams.get('lat')).toBe('-23.55');
      expect(calls[0]?.searchParams.get('lon')).toBe('-46.63');
    }
  });

  it('reads the position at once, without a click, when the browser says it was granted', async () => {
    const getCurrentPosition = installGeolocation({ ok: SP }, 'granted');
    mockProviders();
    render(<WeatherStrip />);
    expect(await screen.findByTestId('weather-temperature')).toHaveTextContent('23°C');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Ver o tempo' })).not.toBeInTheDocument();
  });

  it("the listener refuses: 'Permissão negada', nothing fetched", async () => {
    installGeolocation({ fail: 1 }, 'prompt');
    const fetchMock = mockProviders();
    render(<WeatherStrip />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver o tempo' }));
    expect(await screen.findByTestId('weather-title')).toHaveTextContent('Permissão negada');
    expect(screen.getByTestId('weather-strip')).toHaveAttribute('data-state', 'denied');
    expect(callsTo(fetchMock, WEATHER)).toHaveLength(0);
  });

  it("refused before (the Permissions API says so): 'Permissão negada' at once, no prompt", async () => {
    const getCurrentPosition = installGeolocation({ fail: 1 }, 'denied');
    mockProviders();
    render(<WeatherStrip />);
    expect(await screen.findByText('Permissão negada')).toBeInTheDocument();
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it("a browser without geolocation: 'Localização não suportada'", async () => {
    mockProviders();
    render(<WeatherStrip />);
    expect(await screen.findByTestId('weather-title')).toHaveTextContent(
      'Localização não suportada',
    );
    expect(screen.queryByRole('button', { name: 'Ver o tempo' })).not.toBeInTheDocument();
  });

  it('a browser without the Permissions API still offers the button', async () => {
    installGeolocation({ ok: SP });
    mockProviders();
    render(<WeatherStrip />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver o tempo' }));
    expect(await screen.findByTestId('weather-temperature')).toHaveTextContent('23°C');
  });

  it("the weather cannot be fetched: 'Erro' with 'Não foi possível obter os dados.', and a retry", async () => {
    installGeolocation({ ok: SP }, 'granted');
    const fetchMock = mockApi({
      [WEATHER]: errorReply(502, 'weather provider unavailable'),
      [GEOCODE]: PLACE,
      [AIR]: air(2),
    });
    render(<WeatherStrip />);
    expect(await screen.findByTestId('weather-title', {}, { timeout: 5000 })).toHaveTextContent(
      /^Erro$/,
    );
    expect(screen.getByTestId('weather-text')).toHaveTextContent(
      'Não foi possível obter os dados.',
    );
    const before = callsTo(fetchMock, WEATHER).length;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(callsTo(fetchMock, WEATHER).length).toBeGreaterThan(before));
  });

  it("the position cannot be found (timeout): 'Erro'", async () => {
    installGeolocation({ fail: 3 }, 'prompt');
    mockProviders();
    render(<WeatherStrip />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver o tempo' }));
    expect(await screen.findByTestId('weather-title')).toHaveTextContent(/^Erro$/);
    expect(screen.getByText('Não foi possível obter os dados.')).toBeInTheDocument();
  });

  it('air quality 1 … 5 reads Boa, Razoável, Moderada, Ruim, Muito ruim', async () => {
    const labels = ['Boa', 'Razoável', 'Moderada', 'Ruim', 'Muito ruim'];
    for (const [offset, label] of labels.entries()) {
      installGeolocation({ ok: SP }, 'granted');
      mockProviders(20, offset + 1);
      const { unmount } = render(<WeatherStrip />);
      expect(await screen.findByTestId('weather-air')).toHaveTextContent(new RegExp(`^${label}$`));
      unmount();
    }
  });

  it('a stale answer says from when its data is', async () => {
    installGeolocation({ ok: SP }, 'granted');
    mockApi({
      [WEATHER]: weather({ stale: true }),
      [GEOCODE]: PLACE,
      [AIR]: air(1),
    });
    render(<WeatherStrip />);
    expect(await screen.findByTestId('weather-stale')).toHaveTextContent('Dados das 14h05');
  });

  it('place and air quality failing leave the weather on', async () => {
    installGeolocation({ ok: SP }, 'granted');
    mockApi({
      [WEATHER]: weather(),
      [GEOCODE]: errorReply(400, 'invalid coordinates'),
      [AIR]: errorReply(400, 'invalid coordinates'),
    });
    render(<WeatherStrip />);
    expect(await screen.findByTestId('weather-temperature')).toHaveTextContent('23°C');
    await waitFor(() => expect(screen.queryByTestId('weather-place')).not.toBeInTheDocument());
    expect(screen.queryByText('Erro')).not.toBeInTheDocument();
  });
});

describe('weather icon (HW-03)', () => {
  it('10, 20, 30 and 31 °C fall in four buckets with four different icons', async () => {
    const shown: { bucket: string | null; icon: string | null }[] = [];
    for (const temperature of [10, 20, 30, 31]) {
      installGeolocation({ ok: SP }, 'granted');
      mockProviders(temperature);
      const { unmount } = render(<WeatherStrip />);
      const icon = await screen.findByTestId('weather-icon');
      shown.push({
        bucket: icon.getAttribute('data-bucket'),
        icon: icon.querySelector('svg')?.getAttribute('class') ?? null,
      });
      unmount();
    }
    expect(shown.map((entry) => entry.bucket)).toEqual(['cold', 'mild', 'warm', 'hot']);
    expect(new Set(shown.map((entry) => entry.icon)).size).toBe(4);
  });

  it('the bucket follows the degrees shown (rounded), limits included', () => {
    expect(temperatureBucket(-5).name).toBe('cold');
    expect(temperatureBucket(10).name).toBe('cold');
    expect(temperatureBucket(10.4).name).toBe('cold');
    expect(temperatureBucket(10.5).name).toBe('mild');
    expect(temperatureBucket(20).name).toBe('mild');
    expect(temperatureBucket(21).name).toBe('warm');
    expect(temperatureBucket(30).name).toBe('warm');
    expect(temperatureBucket(31).name).toBe('hot');
    expect(temperatureBucket(45).name).toBe('hot');
  });
});
