// Starts the real onda-server (debug build) on a free port with a temporary data dir and a copy of the
// built UI, and gives tests a Chromium page on it. Nothing of ours is mocked.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { providerEnv, sharedProviders } from './providers.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const serverBinary = join(root, 'target/debug/onda-server');
export const artifacts = join(root, 'e2e/artifacts');

/** A free loopback port (also used by bench/faults.mjs). */
export async function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

/** A running station. `stop()` ends it and removes its data. */
export async function startStation(env = {}) {
  if (!existsSync(serverBinary))
    throw new Error(`build the server first: ${serverBinary} is missing`);
  const uiDist = join(root, 'ui/dist');
  if (!existsSync(join(uiDist, 'index.html')))
    throw new Error('build the UI first: ui/dist is missing');
  const dataDir = mkdtempSync(join(tmpdir(), 'onda-e2e-'));
  const uiDir = join(dataDir, 'ui');
  // A private copy, so a test may change a script file (the version check) without touching the build.
  cpSync(uiDist, uiDir, { recursive: true });
  const port = await freePort();
  const fullEnv = {
    ...process.env,
    ONDA_ADDR: `127.0.0.1:${port}`,
    ONDA_DATA_DIR: dataDir,
    ONDA_UI_DIR: uiDir,
    RUST_LOG: 'warn',
    // The station engine runs in every test station with 3-second demo songs (the player tests see
    // track changes), in the folder the server's own tests render them into: scripts/test.sh runs
    // those first, so no station spends the browser tests' CPU on rendering (files are named by
    // content and written atomically, so sharing is safe).
    ONDA_DEMO_TRACK_SECONDS: '3',
    ONDA_RADIO_DIR: join(root, 'target/tmp/radio-cache'),
    // The home widgets' providers: a local stand-in unless the test names its own.
    ...providerEnv((await sharedProviders()).base),
    ...env,
  };
  delete fullEnv.DATABASE_URL;
  const child = spawn(serverBinary, [], {
    env: fullEnv,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`onda-server exited: ${stderr}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`onda-server did not start: ${stderr}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    url,
    dataDir,
    uiDir,
    env: fullEnv,
    /** What the server has written to its standard error so far (its log). */
    log: () => stderr,
    /**
     * A listener with a confirmed account, registered and confirmed through the API with the code
     * from the outbox: `{ userId, token }` (the token is the a1_token session cookie's value).
     */
    async confirmedListener(email, name = 'Ouvinte de Teste', password = 'segredo1') {
      const post = async (path, body) => {
        const response = await fetch(`${url}/api/v1/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = await response.json();
        if (json.status !== 'success') throw new Error(`${path}: ${JSON.stringify(json)}`);
        return json.data;
      };
      const mark = outboxFiles(dataDir).length;
      await post('profile/registerUser', { name, email, password });
      const mail = await nextMail(dataDir, email, mark);
      const match = /profile=confirmEmail&userId=(\d+)&code=(\d{6})/.exec(mail);
      if (!match) throw new Error(`no confirmation link in:\n${mail}`);
      const confirmed = await post('profile/confirmEmail', {
        userId: Number(match[1]),
        code: match[2],
      });
      return { userId: Number(match[1]), token: confirmed.token };
    },
    /** Runs an operator command (`onda-server admin …`) against this station's database. */
    admin(...args) {
      return execFileSync(serverBinary, ['admin', ...args], {
        env: fullEnv,
        encoding: 'utf8',
      });
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((ok) => (child.exitCode !== null ? ok() : child.once('exit', ok)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** A fresh context (no cookies, no storage) and page at the given viewport width. */
export async function newPage(browser, width = 1280, height = 900) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      errors.push(new Error(message.text()));
  });
  return { context, page, errors };
}

/**
 * The text a reader sees in a block, scrolled to first. Blocks below the first screen (the home
 * page's lower part, the footer) are laid out only as they near the viewport (content-visibility:
 * auto) and innerText follows the layout; content still arriving above can push the block away
 * again right after a scroll. So this scrolls and reads, in one step, until the block has text
 * (10 s at most), and returns that reading.
 */
export async function visibleText(locator, timeout = 10_000) {
  const handle = await locator.elementHandle({ timeout });
  const reading = await locator.page().waitForFunction(
    (element) => {
      element.scrollIntoView({ block: 'center' });
      const text = element.innerText;
      return text.trim() !== '' && text;
    },
    handle,
    { polling: 100, timeout },
  );
  const text = await reading.jsonValue();
  await Promise.all([reading.dispose(), handle.dispose()]);
  return text;
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** The .eml files of a station's outbox (`<data dir>/outbox`), oldest first. */
export function outboxFiles(dataDir) {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => join(dir, name));
}

/** The decoded text of an .eml file (quoted-printable or base64 bodies). */
export function decodeEml(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  let body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  } else if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    body = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return `${head}\n\n${body}`;
}

/** Waits for a new message to `email` after the first `count` files and returns its decoded text. */
export async function nextMail(dataDir, email, count) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = outboxFiles(dataDir).slice(count);
    for (const file of files.reverse()) {
      const text = decodeEml(readFileSync(file, 'utf8'));
      if (text.includes(email)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${email} in the outbox`);
    await sleep(100);
  }
}
