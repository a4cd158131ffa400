// Fault benchmark, run by bench/faults.sh: prints figures, it is not a pass/fail test.
//
// 1. kill -9 during 1,000 concurrent writes, on SQLite and on PostgreSQL: 500 registrations and 500
//    analytics batches (the form submissions of the next issues will join them) hit a fresh server; it
//    is killed with SIGKILL while they are in flight. After a restart on the same database, every
//    write the server acknowledged must be there: prints sent, acknowledged, persisted, lost.
// 2. A PostgreSQL restart under load: 16 clients loop over database-backed calls while the cluster is
//    stopped for 8 s and started again. Prints, per phase, the replies by status, whether every error
//    was an envelope, the slowest reply (a hang would show here), and how long after PostgreSQL came
//    back the first success arrived — without restarting the server.
//
//   node bench/faults.mjs <onda-server binary>
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/lib/station.mjs';

const server = process.argv[2];
if (!server) throw new Error('usage: node bench/faults.mjs <onda-server binary>');
const pgAdmin = ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-tAc'];
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function start(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(server, [], {
    env: {
      ...process.env,
      ...env,
      ONDA_ADDR: `127.0.0.1:${port}`,
      ONDA_RADIO: 'false',
      ONDA_SEED_DEMO: 'false',
      // Each write comes from its own address, so the per-address limits do not refuse them.
      ONDA_TRUSTED_PROXIES: '127.0.0.1',
      RUST_LOG: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { child, url };
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error('the server did not start');
}

const address = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function write(url, n) {
  const registration = n % 2 === 0;
  const body = registration
    ? { name: 'Ouvinte Teste', email: `f${n}@falhas.test`, password: 'segredo1' }
    : {
        clientId: `fault${n}`,
        events: [{ category: 'faults', action: 'write', value: n, at: Date.now() }],
      };
  const path = registration ? 'profile/registerUser' : 'analytics/events';
  try {
    const response = await fetch(`${url}/api/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address(n + 1) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = await response.json();
    return { n, registration, acknowledged: json.status === 'success' };
  } catch {
    return { n, registration, acknowledged: false };
  }
}

function persisted(backend, target, results) {
  const acked = results.filter((r) => r.acknowledged);
  const emails = acked.filter((r) => r.registration).map((r) => `f${r.n}@falhas.test`);
  const clients = acked.filter((r) => !r.registration).map((r) => `fault${r.n}`);
  const count = (sql) =>
    backend === 'sqlite'
      ? Number(
          execFileSync('python3', [
            '-c',
            'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])',
            target,
            sql,
          ]).toString(),
        )
      : Number(
          execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', target, '-tAc', sql]).toString(),
        );
  const list = (values) => values.map((v) => `'${v}'`).join(',') || "''";
  return (
    count(`SELECT COUNT(*) FROM users WHERE email IN (${list(emails)})`) +
    count(`SELECT COUNT(DISTINCT client_id) FROM analytics_events WHERE client_id IN (${list(clients)})`)
  );
}

async function killDuringWrites(backend) {
  const dir = mkdtempSync(join(tmpdir(), 'onda-faults-'));
  let env = { ONDA_DATA_DIR: dir };
  let target = join(dir, 'onda.db');
  if (backend === 'postgres') {
    target = `onda_faults_${process.pid}`;
    execFileSync('psql', [...pgAdmin, `CREATE DATABASE ${target}`]);
    env = { ...env, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${target}` };
  }
  try {
    const first = await start(env);
    const started = Date.now();
    const writes = Array.from({ length: 1000 }, (_, n) => write(first.url, n));
    // Kill once some writes are through and many are in flight.
    let acked = 0;
    writes.forEach((w) => w.then((r) => (acked += r.acknowledged ? 1 : 0)));
    while (acked < 200 && Date.now() - started < 20_000) await sleep(5);
    first.child.kill('SIGKILL');
    const killedAfter = Date.now() - started;
    const results = await Promise.all(writes);
    const second = await start(env);
    const healthy = (await fetch(`${second.url}/health`)).ok;
    second.child.kill('SIGTERM');
    await sleep(500);
    const acknowledged = results.filter((r) => r.acknowledged).length;
    const kept = persisted(backend, target, results);
    console.log(
      `kill -9 (${backend}): sent 1000, killed after ${killedAfter} ms, acknowledged ${acknowledged}, ` +
        `persisted ${kept} of them, lost ${acknowledged - kept}, restarted healthy: ${healthy}`,
    );
  } finally {
    if (backend === 'postgres') execFileSync('psql', [...pgAdmin, `DROP DATABASE IF EXISTS ${target} WITH (FORCE)`]);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresRestart() {
  const cluster = execFileSync('bash', ['-c', "pg_lsclusters -h | awk '$4==\"online\" {print $1\" \"$2; exit}'"])
    .toString()
    .trim()
    .split(' ');
  if (cluster.length !== 2) {
    console.log('postgres restart: no online cluster found (pg_lsclusters); skipped');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'onda-faults-'));
  const target = `onda_faults_restart_${process.pid}`;
  execFileSync('psql', [...pgAdmin, `CREATE DATABASE ${target}`]);
  const { child, url } = await start({
    ONDA_DATA_DIR: dir,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${target}`,
  });
  let phase = 'before';
  const stats = {};
  let stop = false;
  let upAt = 0;
  let firstSuccessAfterUp = null;
  const paths = ['/health', '/api/v1/news/getCategories', '/api/v1/getAppParameters'];
  const client = async (id) => {
    for (let i = 0; !stop; i++) {
      const t0 = Date.now();
      let status = 'no reply';
      let envelope = false;
      try {
        const response = await fetch(url + paths[(id + i) % paths.length], {
          signal: AbortSignal.timeout(20_000),
        });
        status = String(response.status);
        const json = await response.json().catch(() => null);
        envelope = json !== null && 'status' in json && 'message' in json;
      } catch {
        // counted as 'no reply'
      }
      const ms = Date.now() - t0;
      const s = (stats[phase] ??= { replies: {}, notEnvelope: 0, slowest: 0 });
      s.replies[status] = (s.replies[status] ?? 0) + 1;
      if (!envelope) s.notEnvelope += 1;
      s.slowest = Math.max(s.slowest, ms);
      if (phase === 'after' && status === '200' && firstSuccessAfterUp === null)
        firstSuccessAfterUp = Date.now() - upAt;
      await sleep(20);
    }
  };
  const clients = Array.from({ length: 16 }, (_, id) => client(id));
  await sleep(5000);
  phase = 'down';
  execFileSync('pg_ctlcluster', [cluster[0], cluster[1], 'stop', '-m', 'fast']);
  await sleep(8000);
  execFileSync('pg_ctlcluster', [cluster[0], cluster[1], 'start']);
  upAt = Date.now();
  phase = 'after';
  await sleep(10_000);
  stop = true;
  await Promise.all(clients);
  child.kill('SIGTERM');
  await sleep(500);
  execFileSync('psql', [...pgAdmin, `DROP DATABASE IF EXISTS ${target} WITH (FORCE)`]);
  rmSync(dir, { recursive: true, force: true });
  for (const [name, s] of Object.entries(stats))
    console.log(
      `postgres restart, ${name}: replies ${JSON.stringify(s.replies)}, not an envelope ${s.notEnvelope}, ` +
        `slowest ${s.slowest} ms`,
    );
  console.log(`postgres restart: first success ${firstSuccessAfterUp ?? 'never'} ms after PostgreSQL was up`);
}

await killDuringWrites('sqlite');
await killDuringWrites('postgres');
await postgresRestart();
