// The clients of deploy/test-cluster.sh: everything goes through nginx, as a station's audience does,
// while the script kills and restarts instances behind it. Prints figures and exits non-zero when the
// deployment lost something a listener or a client would notice.
//
//   node deploy/cluster-load.mjs --base http://127.0.0.1:<nginx> --instances <url>,<url>,... \
//     --database <postgres database> --dir <folder shared with the script>
//
// Protocol with the script, through files in --dir: this writes `ready` once every client is
// receiving; the script appends `<ms since epoch> <what happened>` lines to `events` as it kills and
// starts instances, and creates `stop` when the load should end.
//
// The clients:
// - listeners on the main mount (/stream/<main>.mp3): each records the longest time between two
//   pieces of audio received, across its reconnections (a player reconnects when its connection ends);
// - readers of the API and the home page: a failed GET (no answer, or 5xx) is tried again for up to
//   RETRY_WINDOW_MS, as a player's polling does; one still failing then is a failure;
// - writers: registrations and analytics batches, each from its own client address; a write the
//   server acknowledged must be in PostgreSQL at the end. A POST is not retried (nginx must not send
//   it twice either): one without an answer is 'in doubt', and the figures say how many landed;
// - push channels (server-sent events): how soon each connection brings its first now-playing
//   event (reported, not judged: an instance started during the run sends its first one only when
//   the leader announces the next song, while its getCurrentSongInfo already answers);
// - HLS players: the media playlist every 2 s and every new segment, through nginx's cache.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    instances: { type: 'string' },
    database: { type: 'string' },
    dir: { type: 'string' },
    stream: { type: 'string', default: 'onda_1' },
    listeners: { type: 'string', default: '30' },
    readers: { type: 'string', default: '6' },
    writers: { type: 'string', default: '3' },
    push: { type: 'string', default: '5' },
    hls: { type: 'string', default: '3' },
    'max-silence-ms': { type: 'string', default: '8000' },
  },
});
for (const name of ['base', 'instances', 'database', 'dir'])
  if (!args[name]) throw new Error(`--${name} is required (see the header of deploy/cluster-load.mjs)`);

const base = args.base.replace(/\/$/, '');
const instances = args.instances.split(',');
const stream = args.stream;
const maxSilenceMs = Number(args['max-silence-ms']);
const RETRY_WINDOW_MS = 10_000;
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const now = () => Date.now();
const stopController = new AbortController();
let stopping = false;

function psql(sql) {
  return execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', args.database, '-tAc', sql])
    .toString()
    .trim();
}

/** A GET through nginx, tried again while it fails for up to RETRY_WINDOW_MS. */
async function getWithRetry(url, stats) {
  const started = now();
  for (let attempt = 1; ; attempt++) {
    let failure;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const body = await response.arrayBuffer();
      if (response.status < 500) {
        stats.answered += 1;
        if (attempt > 1) stats.retried += 1;
        if (response.status !== 200) stats.statuses[response.status] = (stats.statuses[response.status] ?? 0) + 1;
        return { response, body };
      }
      failure = `HTTP ${response.status}`;
    } catch (err) {
      failure = err.cause?.code ?? err.name;
    }
    if (now() - started >= RETRY_WINDOW_MS) {
      stats.failed += 1;
      stats.failures.push(`${new URL(url).pathname}: ${failure} after ${attempt} tries`);
      return null;
    }
    await sleep(250);
  }
}

// --- Checks before the load: the shipped nginx configuration and the shared session secret ------------

async function configurationChecks() {
  const problems = [];
  const metrics = await fetch(`${base}/metrics`);
  if (metrics.status !== 403) problems.push(`/metrics through nginx answered ${metrics.status}, not 403`);
  const source = await fetch(`${base}/stream/${stream}.mp3`, { method: 'PUT', body: 'x' });
  if (source.status !== 403) problems.push(`a source PUT through nginx answered ${source.status}, not 403`);
  // HLS through the cache: the same segment twice, the second from nginx's cache.
  const playlistUrl = `${base}/hls/${stream}/mp3.m3u8`;
  const playlist = await (await fetch(playlistUrl)).text();
  const last = playlist.split('\n').filter((line) => line && !line.startsWith('#')).at(-1);
  let cache = 'no segment listed';
  if (last) {
    const url = new URL(last, playlistUrl).href;
    await (await fetch(url)).arrayBuffer();
    const again = await fetch(url);
    await again.arrayBuffer();
    cache = again.headers.get('x-cache-status');
    if (cache !== 'HIT') problems.push(`a segment asked twice was ${cache} the second time, not HIT`);
  } else problems.push('the media playlist listed no segment');
  const audio = await fetch(`${base}/stream/${stream}.mp3`, { headers: { 'accept-encoding': 'gzip' } });
  const encoding = audio.headers.get('content-encoding');
  await audio.body?.cancel();
  if (encoding) problems.push(`the mount came ${encoding}-encoded through nginx`);
  console.log(
    `nginx: /metrics ${metrics.status}, source PUT ${source.status}, repeated HLS segment ${cache}, ` +
      `mount encoding ${encoding ?? 'none'}`,
  );
  return problems;
}

/** A session opened through nginx must be accepted by every instance (ONDA_SESSION_SECRET). */
async function sessionCheck() {
  const email = `sessao-${process.pid}@cluster.test`;
  const post = (path, body) =>
    fetch(`${base}/api/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const registered = await post('profile/registerUser', { name: 'Ouvinte Teste', email, password: 'segredo1' });
  const userId = registered.data?.user?.userId;
  if (!userId) return [`registration for the session check failed: ${JSON.stringify(registered)}`];
  const code = psql(`SELECT code FROM email_codes WHERE user_id = ${Number(userId)}`);
  const confirmed = await post('profile/confirmEmail', { userId, code });
  const token = confirmed.data?.token;
  if (!token) return [`confirmation for the session check failed: ${JSON.stringify(confirmed)}`];
  let accepted = 0;
  for (const instance of instances) {
    const reply = await fetch(`${instance}/api/v1/profile/getProfile`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    if (reply.status === 'success') accepted += 1;
  }
  console.log(`session: opened through nginx, accepted by ${accepted} of ${instances.length} instances`);
  return accepted === instances.length ? [] : [`a session was refused by ${instances.length - accepted} instances`];
}

// --- The clients ----------------------------------------------------------------------------------------

const listenerStats = [];
async function listener(id) {
  // Silences over half a second: [ms, when it ended].
  const stats = { id, connections: 0, bytes: 0, silences: [], refused: {} };
  listenerStats.push(stats);
  let last = null;
  while (!stopping) {
    try {
      const response = await fetch(`${base}/stream/${stream}.mp3?client=cluster-test`, {
        signal: stopController.signal,
      });
      if (!response.ok) {
        stats.refused[response.status] = (stats.refused[response.status] ?? 0) + 1;
        await response.body?.cancel();
        await sleep(200);
        continue;
      }
      stats.connections += 1;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = now();
        if (last !== null && at - last > 500) stats.silences.push([at - last, at]);
        last = at;
        stats.bytes += value.length;
      }
    } catch {
      // The instance went away (or the test is stopping): reconnect, as players do.
    }
    if (!stopping) await sleep(100);
  }
}

const readStats = { answered: 0, retried: 0, failed: 0, statuses: {}, failures: [] };
async function reader(id) {
  const paths = [
    `/api/v1/aovivo/getCurrentSongInfo/${stream}`,
    '/api/v1/news/getNews/0/1/0/0',
    '/api/v1/getAppParameters',
    '/',
  ];
  for (let i = 0; !stopping; i++) {
    await getWithRetry(base + paths[(id + i) % paths.length], readStats);
    await sleep(100);
  }
}

const writes = [];
let writeNumber = 0;
async function writer() {
  while (!stopping) {
    const n = writeNumber++;
    const registration = n % 2 === 0;
    const key = registration ? `w${n}@cluster.test` : `cluster${n}`;
    const body = registration
      ? { name: 'Ouvinte Teste', email: key, password: 'segredo1' }
      : { clientId: key, events: [{ category: 'cluster', action: 'write', value: n, at: now() }] };
    const record = { n, registration, key, acknowledged: false, outcome: '' };
    writes.push(record);
    try {
      const response = await fetch(`${base}/api/v1/${registration ? 'profile/registerUser' : 'analytics/events'}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Each write from its own client address, so the per-address rate limits do not refuse them.
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const json = await response.json().catch(() => null);
      record.acknowledged = json?.status === 'success';
      record.outcome = record.acknowledged ? 'ok' : `HTTP ${response.status} ${json?.message ?? ''}`.trim();
    } catch (err) {
      record.outcome = err.cause?.code ?? err.name;
    }
    await sleep(150);
  }
}

const pushStats = { connections: 0, events: 0, firstEvents: [], withoutEvent: 0 };
async function push() {
  while (!stopping) {
    const connected = now();
    let first = true;
    try {
      const response = await fetch(`${base}/api/v1/aovivo/events/${stream}`, { signal: stopController.signal });
      if (response.ok) {
        pushStats.connections += 1;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const firstEvent = setTimeout(() => {
          if (first) pushStats.withoutEvent += 1;
        }, 10_000);
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            const events = value.match(/^event: ?nowplaying$/gm)?.length ?? 0;
            if (events > 0 && first) {
              first = false;
              pushStats.firstEvents.push([now() - connected, now()]);
            }
            pushStats.events += events;
          }
        } finally {
          clearTimeout(firstEvent);
        }
      } else await response.body?.cancel();
    } catch {
      // reconnect below
    }
    if (!stopping) await sleep(500);
  }
}

const hlsStats = { answered: 0, retried: 0, failed: 0, statuses: {}, failures: [], segments: 0, hits: 0 };
async function hlsPlayer() {
  const playlistUrl = `${base}/hls/${stream}/mp3.m3u8`;
  const fetched = new Set();
  while (!stopping) {
    const reply = await getWithRetry(playlistUrl, hlsStats);
    if (reply?.response.status === 200) {
      const listed = new TextDecoder()
        .decode(reply.body)
        .split('\n')
        .filter((line) => line && !line.startsWith('#'));
      // A player starts near the live edge: the last three segments, then each new one.
      const wanted = fetched.size === 0 ? listed.slice(-3) : listed.filter((line) => !fetched.has(line));
      for (const line of wanted) {
        fetched.add(line);
        const segment = await getWithRetry(new URL(line, playlistUrl).href, hlsStats);
        if (segment?.response.status === 200) {
          hlsStats.segments += 1;
          if (segment.response.headers.get('x-cache-status') === 'HIT') hlsStats.hits += 1;
        } else if (segment) hlsStats.failures.push(`${line}: HTTP ${segment.response.status}`);
      }
    }
    await sleep(2000);
  }
}

// --- The run --------------------------------------------------------------------------------------------

const problems = [...(await configurationChecks()), ...(await sessionCheck())];

const clients = [
  ...Array.from({ length: Number(args.listeners) }, (_, id) => listener(id)),
  ...Array.from({ length: Number(args.readers) }, (_, id) => reader(id)),
  ...Array.from({ length: Number(args.writers) }, () => writer()),
  ...Array.from({ length: Number(args.push) }, () => push()),
  ...Array.from({ length: Number(args.hls) }, () => hlsPlayer()),
];
const loadStarted = now();
while (listenerStats.some((s) => s.bytes === 0) && now() - loadStarted < 60_000) await sleep(100);
writeFileSync(join(args.dir, 'ready'), '');
while (!existsSync(join(args.dir, 'stop'))) await sleep(200);
stopping = true;
// Requests under way finish; the never-ending streams are cut.
setTimeout(() => stopController.abort(), 200);
await Promise.all(clients);
const seconds = ((now() - loadStarted) / 1000).toFixed(0);

// Acknowledged writes in PostgreSQL; the writes in doubt too (how many landed after all).
const quoted = (list) => list.map((w) => `'${w.key}'`).join(',') || "''";
const present = (list) => {
  const emails = list.filter((w) => w.registration);
  const clientIds = list.filter((w) => !w.registration);
  const found = new Set([
    ...psql(`SELECT email FROM users WHERE email IN (${quoted(emails)})`).split('\n'),
    ...psql(`SELECT DISTINCT client_id FROM analytics_events WHERE client_id IN (${quoted(clientIds)})`).split('\n'),
  ]);
  return list.filter((w) => found.has(w.key));
};
const acknowledged = writes.filter((w) => w.acknowledged);
const inDoubt = writes.filter((w) => !w.acknowledged);
const kept = present(acknowledged).length;
const landed = present(inDoubt).length;

// When the longest silence happened, next to what the script did then.
const events = existsSync(join(args.dir, 'events'))
  ? readFileSync(join(args.dir, 'events'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ at: Number(line.split(' ')[0]), what: line.slice(line.indexOf(' ') + 1) }))
  : [];
/** The longest of `samples` ([ms, ended at]) after each of the script's events. */
function byEvent(samples) {
  const worst = new Map();
  for (const [ms, at] of samples) {
    const cause = events.filter((e) => e.at <= at).at(-1)?.what ?? 'start';
    worst.set(cause, Math.max(worst.get(cause) ?? 0, ms));
  }
  return [...worst].map(([what, ms]) => `${(ms / 1000).toFixed(2)} s after '${what}'`).join(', ') || 'none';
}
const silences = listenerStats.flatMap((s) => s.silences);
const longestSilence = Math.max(0, ...silences.map(([ms]) => ms));
const slowestFirstEvent = Math.max(0, ...pushStats.firstEvents.map(([ms]) => ms));
const reconnected = listenerStats.filter((s) => s.connections > 1);
const refused = {};
for (const s of listenerStats) for (const [k, v] of Object.entries(s.refused)) refused[k] = (refused[k] ?? 0) + v;
const kib = listenerStats.reduce((sum, s) => sum + s.bytes, 0) / 1024;

console.log(`load: ${seconds} s through nginx`);
console.log(
  `listeners: ${listenerStats.length}, longest silence ${(longestSilence / 1000).toFixed(2)} s ` +
    `(the longest over 0.5 s by the last event before they ended: ${byEvent(silences)})` +
    `, ${reconnected.length} reconnected (${reconnected.reduce((sum, s) => sum + s.connections - 1, 0)} reconnections)` +
    `, refused ${JSON.stringify(refused)}, ${(kib / 1024).toFixed(1)} MiB received`,
);
console.log(
  `API reads: answered ${readStats.answered}, of which ${readStats.retried} after a retry, failed ${readStats.failed}` +
    (Object.keys(readStats.statuses).length ? `, non-200 ${JSON.stringify(readStats.statuses)}` : ''),
);
console.log(
  `writes: sent ${writes.length}, acknowledged ${acknowledged.length}, found in PostgreSQL ${kept}, ` +
    `lost ${acknowledged.length - kept}; in doubt (no answer) ${inDoubt.length}, of which landed ${landed}` +
    (inDoubt.length ? ` [${[...new Set(inDoubt.map((w) => w.outcome))].join('; ')}]` : ''),
);
console.log(
  `push channels: ${args.push}, ${pushStats.connections} connections, ${pushStats.events} now-playing events, ` +
    `first event within ${slowestFirstEvent} ms at worst (${byEvent(pushStats.firstEvents.filter(([ms]) => ms > 500))}), ` +
    `${pushStats.withoutEvent} connections without one in 10 s`,
);
console.log(
  `HLS players: ${args.hls}, ${hlsStats.segments} segments (${hlsStats.hits} from nginx's cache), ` +
    `requests answered ${hlsStats.answered}, after a retry ${hlsStats.retried}, failed ${hlsStats.failed}`,
);

if (acknowledged.length - kept > 0) problems.push(`${acknowledged.length - kept} acknowledged writes lost`);
if (longestSilence > maxSilenceMs)
  problems.push(`a listener heard nothing for ${longestSilence} ms (limit ${maxSilenceMs})`);
if (readStats.failed > 0) problems.push(`API reads failed after retrying: ${readStats.failures.slice(0, 5).join('; ')}`);
if (hlsStats.failed > 0 || hlsStats.failures.length > 0)
  problems.push(`HLS requests failed: ${[...hlsStats.failures].slice(0, 5).join('; ')}`);
if (acknowledged.length === 0) problems.push('no write was acknowledged');
for (const problem of problems) console.log(`FAILED: ${problem}`);
process.exit(problems.length ? 1 : 0);
