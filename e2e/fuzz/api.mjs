// The API contract, fuzzed: Schemathesis generates requests from the served OpenAPI
// document (/api/openapi.json) and runs them against a fresh onda-server on SQLite (the debug build,
// the demo content, the station engine on), once anonymously and once with the session of a
// confirmed PRO listener who holds every staff permission, the two side by side. A run fails on any 5xx, any status code
// the document does not list, any reply whose content type, headers or body break the document, and
// any reply slower than 2 s. The seed is fixed, so a run is repeatable.
//
//   node e2e/fuzz/api.mjs            (scripts/fuzz-api.sh installs Schemathesis first)
//   ONDA_FUZZ_EXAMPLES=100 node e2e/fuzz/api.mjs   (a longer run)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, root, startStation } from '../lib/station.mjs';

const schemathesis = process.env.SCHEMATHESIS ?? join(root, 'target/fuzz-venv/bin/schemathesis');
const examples = process.env.ONDA_FUZZ_EXAMPLES ?? '25';
const seed = process.env.ONDA_FUZZ_SEED ?? '15';

// Streams that never end (listening to a mount, the now-playing push channel): documented, not
// fuzzed. By operation, not by path: a studio's source on the same mount path (PUT) is fuzzed, and
// answers at once without the source password.
const endless = ['--exclude-operation-id-regex', '^(listen|events)$'];
// Calls that would end the fuzzing session itself.
const sessionEnders = '/profile/(logout|deleteProfile)$';

const checks = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
].join(',');

function run(label, url, extra) {
  const report = join(artifacts, `fuzz-${label}.json`);
  const args = [
    'run',
    `${url}/api/openapi.json`,
    '--seed',
    seed,
    '--max-examples',
    examples,
    '--phases',
    'examples,coverage,fuzzing',
    '--checks',
    checks,
    '--max-response-time',
    '2',
    '--request-timeout',
    '10',
    // One worker: with two, Hypothesis' lambda descriptions call ast.parse from two threads, which
    // CPython 3.11 can fail ('AST constructor recursion depth mismatch', a Runtime Error of the run).
    '--workers',
    '1',
    '--suppress-health-check',
    'all',
    '--no-color',
    '--report',
    'json',
    '--report-json-path',
    report,
    ...extra,
  ];
  console.log(`== Schemathesis, ${label}: started`);
  return new Promise((ok) => {
    const child = spawn(schemathesis, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      // The two runs go side by side, so each one's report is printed whole when it ends.
      console.log(`\n== Schemathesis, ${label}: ${schemathesis} ${args.join(' ')}\n${out}`);
      const cases = /(\d+) generated/.exec(out)?.[1] ?? '?';
      ok({ label, code, cases });
    });
  });
}

/** A station for one run, with a confirmed PRO listener who holds every staff permission. */
async function fuzzStation() {
  // The fuzz sends many wrong passwords to the same few e-mails, and the login slows such an e-mail's
  // answers up to 8 s (auth/rate_limit.rs): capped here below the run's 2 s response-time limit, so
  // the login is still fuzzed, its delay included.
  const station = await startStation({ ONDA_LOGIN_DELAY_MAX_MS: '1000' });
  const listener = await station.confirmedListener('fuzz@exemplo.com');
  station.admin('grant-pro', 'fuzz@exemplo.com');
  for (const permission of ['1', '2', '3', '4', '5', '6', '7', '8'])
    station.admin('grant-permission', 'fuzz@exemplo.com', permission);
  return { station, token: listener.token };
}

mkdirSync(artifacts, { recursive: true });
// The anonymous and the session run each get a station of their own and run side by side: each
// Schemathesis process keeps one core busy, and neither run's accounts, rate limits or writes can
// touch the other's.
const stations = [];
let results;
try {
  const anonymous = await fuzzStation();
  stations.push(anonymous.station);
  const session = await fuzzStation();
  stations.push(session.station);
  results = await Promise.all([
    run('anonymous', anonymous.station.url, endless),
    run('session', session.station.url, [
      '--header',
      `Authorization: Bearer ${session.token}`,
      ...endless,
      '--exclude-path-regex',
      sessionEnders,
    ]),
  ]);
} finally {
  // A failed run says why from the server's side: its error lines (a 500 is logged with its cause).
  if (!results || results.some(({ code }) => code !== 0)) {
    for (const station of stations) {
      const errors = station
        .log()
        .split('\n')
        .filter((line) => /\b(ERROR|WARN)\b|panicked/.test(line));
      console.log(`\n== The server's errors and warnings\n${errors.slice(-40).join('\n')}`);
    }
  }
  await Promise.all(stations.map((station) => station.stop()));
}
console.log('\n== API fuzz');
for (const { label, code, cases } of results)
  console.log(`${label}: ${cases} cases, ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
process.exit(results.every(({ code }) => code === 0) ? 0 : 1);
