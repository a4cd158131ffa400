// A stand-in for the home widgets' providers (Open-Meteo forecast and air quality, Nominatim,
// AwesomeAPI, CoinGecko): each path answers the recorded-shape JSON the server's own tests use
// (server/tests/fixtures/providers), and every request is kept so a test can count them. `setDown(true)`
// makes every provider unreachable (the connection is dropped unanswered) until `setDown(false)`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = join(root, 'server/tests/fixtures/providers');

/** The recorded answer `name` (a file of server/tests/fixtures/providers). */
export const fixture = (name) => readFileSync(join(FIXTURES, name));

const ROUTES = [
  ['/v1/forecast', 'open-meteo-forecast.json'],
  ['/v1/air-quality', 'open-meteo-air.json'],
  ['/reverse', 'nominatim-reverse.json'],
  ['/json/last/', 'awesomeapi-last.json'],
  ['/api/v3/coins/markets', 'coingecko-markets.json'],
];

/** The station's settings that send every provider call to `base`. */
export const providerEnv = (base) => ({
  ONDA_WEATHER_URL: base,
  ONDA_AIR_URL: base,
  ONDA_GEOCODE_URL: base,
  ONDA_CURRENCY_URL: base,
  ONDA_CRYPTO_URL: base,
});

/** Starts a stand-in on a free loopback port. `unref` lets the test process end while it runs. */
export async function startProviders({ unref = false } = {}) {
  const requests = [];
  let down = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://providers');
    requests.push(url);
    if (down) {
      request.socket.destroy();
      return;
    }
    const route = ROUTES.find(([prefix]) => decodeURIComponent(url.pathname).startsWith(prefix));
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(fixture(route[1]));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  if (unref) server.unref();
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    requests,
    base,
    count: (prefix) =>
      requests.filter((url) => decodeURIComponent(url.pathname).startsWith(prefix)).length,
    setDown: (value) => {
      down = value;
    },
    close: () => new Promise((ok) => server.close(ok)),
  };
}

let shared;
/**
 * One stand-in for every station of a test file that does not name its own providers: the home page
 * of any station then shows its widgets, as a station online would, instead of their 503s.
 */
export async function sharedProviders() {
  shared ??= startProviders({ unref: true });
  return shared;
}
