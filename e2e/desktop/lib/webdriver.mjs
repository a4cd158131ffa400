// A small W3C WebDriver client over fetch: just what the desktop test and benchmark use, so no
// WebDriver package is needed. It talks to tauri-driver, which hands the session to WebKitWebDriver,
// which starts the app with its webview under automation.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

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

/**
 * Starts tauri-driver on a free port (and WebKitWebDriver on another) with `env`, which the app
 * inherits. Returns `{ url, child, stop() }` once it answers /status.
 */
export async function startTauriDriver({ env = process.env, log = () => {} } = {}) {
  const port = await freePort();
  const nativePort = await freePort();
  const binary = process.env.TAURI_DRIVER ?? 'tauri-driver';
  const args = ['--port', String(port), '--native-port', String(nativePort)];
  if (process.env.WEBKIT_WEBDRIVER) args.push('--native-driver', process.env.WEBKIT_WEBDRIVER);
  const child = spawn(binary, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    log(String(chunk));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let spawnError = null;
  child.once('error', (error) => (spawnError = error));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (spawnError)
      throw new Error(
        `${binary} could not start (${spawnError.message}); install it: cargo install tauri-driver --locked`,
      );
    if (child.exitCode !== null) throw new Error(`tauri-driver exited: ${output}`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`tauri-driver did not answer: ${output}`);
    await sleep(100);
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      // Its own process group: tauri-driver, WebKitWebDriver and anything they left behind.
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const gone = new Promise((ok) => child.once('exit', ok));
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}

export class WebDriverError extends Error {}

/** One WebDriver session. */
export class Session {
  constructor(base, id) {
    this.base = base;
    this.id = id;
  }

  /** Starts the app at `application` (the desktop binary) with `args`. */
  static async create(driverUrl, application, args = []) {
    const value = await command('POST', `${driverUrl}/session`, {
      capabilities: {
        alwaysMatch: { 'tauri:options': { application, args } },
      },
    });
    return new Session(driverUrl, value.sessionId);
  }

  call(method, path, body) {
    return command(method, `${this.base}/session/${this.id}${path}`, body);
  }

  async delete() {
    await command('DELETE', `${this.base}/session/${this.id}`).catch(() => undefined);
  }

  /** Runs `script` (a function body; `arguments` are `args`) in the page and returns its value. */
  execute(script, ...args) {
    return this.call('POST', '/execute/sync', { script, args });
  }

  /** Like {@link execute}, for a body that returns a promise. */
  executeAsync(script, ...args) {
    const body = `const done = arguments[arguments.length - 1];
      Promise.resolve((async () => { ${script} })(...Array.from(arguments).slice(0, -1)))
        .then((value) => done({ ok: value }), (error) => done({ error: String(error) }));`;
    return this.call('POST', '/execute/async', { script: body, args }).then((result) => {
      if (result && 'error' in result) throw new WebDriverError(result.error);
      return result?.ok;
    });
  }

  async find(css) {
    const list = await this.call('POST', '/elements', {
      using: 'css selector',
      value: css,
    });
    return list.map((element) => new Element(this, element[ELEMENT]));
  }

  /**
   * Waits up to `timeout` ms for an element matching `css` whose trimmed textContent is `text` (a
   * string) or matches it (a RegExp); any match when `text` is null. (textContent, not WebDriver's
   * rendered text, which WebKitWebDriver leaves empty for some of Mantine's buttons.)
   */
  async waitFor(css, { timeout = 15_000, text = null } = {}) {
    const deadline = Date.now() + timeout;
    const pattern = text instanceof RegExp ? { source: text.source, flags: text.flags } : text;
    for (;;) {
      const found = await this.execute(
        `const [css, text] = arguments;
         return Array.from(document.querySelectorAll(css)).find((element) => {
           if (text === null) return true;
           const content = (element.textContent ?? '').trim();
           return typeof text === 'string' ? content === text : new RegExp(text.source, text.flags).test(content);
         }) ?? null;`,
        css,
        pattern,
      ).catch(() => null);
      if (found && found[ELEMENT]) return new Element(this, found[ELEMENT]);
      if (Date.now() > deadline)
        throw new WebDriverError(`no element ${css}${text ? ` with text ${text}` : ''}`);
      await sleep(200);
    }
  }

  /** Polls `script` (returning a value) until `accept(value)`; returns the value. */
  async until(script, accept, { timeout = 15_000, what = script } = {}) {
    const deadline = Date.now() + timeout;
    let last;
    for (;;) {
      last = await this.executeAsync(script).catch((error) => ({
        error: String(error),
      }));
      if (accept(last)) return last;
      if (Date.now() > deadline)
        throw new WebDriverError(
          `timed out waiting for ${what}; last value ${JSON.stringify(last)}`,
        );
      await sleep(250);
    }
  }

  title() {
    return this.call('GET', '/title');
  }

  /** The window's screenshot, PNG bytes. */
  async screenshot() {
    return Buffer.from(await this.call('GET', '/screenshot'), 'base64');
  }
}

class Element {
  constructor(session, id) {
    this.session = session;
    this.id = id;
  }

  call(method, path, body) {
    return this.session.call(method, `/element/${this.id}${path}`, body);
  }

  /**
   * Clicks the element, first scrolling it to the middle of the window when something else covers
   * its centre. WebDriver's own scroll stops as soon as the element is inside the window, which can
   * leave it under the site's fixed bottom bars (the player, the cookie notice), where a listener
   * would have scrolled it clear.
   */
  async click() {
    await this.session.execute(
      `const element = arguments[0];
       const box = element.getBoundingClientRect();
       const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
       if (!hit || !element.contains(hit))
         element.scrollIntoView({ block: 'center', behavior: 'instant' });`,
      { [ELEMENT]: this.id },
    );
    return this.call('POST', '/click', {});
  }

  async type(text) {
    await this.call('POST', '/clear', {}).catch(() => undefined);
    return this.call('POST', '/value', { text });
  }

  /** The element's trimmed textContent. */
  async text() {
    const value = await this.session.execute('return (arguments[0].textContent ?? "").trim();', {
      [ELEMENT]: this.id,
    });
    return value;
  }

  attribute(name) {
    return this.call('GET', `/attribute/${encodeURIComponent(name)}`);
  }
}

async function command(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok || json.value?.error) {
    const { error, message } = json.value ?? {};
    throw new WebDriverError(
      `${method} ${url}: ${response.status} ${error ?? ''} ${message ?? ''}`,
    );
  }
  return json.value;
}
