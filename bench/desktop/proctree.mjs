// CPU time and memory of a process and all its descendants, from /proc, sampled while it runs.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const PAGE_KIB =
  Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim()) / 1024 || 4;

function stat(pid) {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) may hold spaces and parentheses: split after its last ')'.
    const close = raw.lastIndexOf(')');
    const name = raw.slice(raw.indexOf('(') + 1, close);
    const fields = raw.slice(close + 2).split(' ');
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, rss 24.
    return {
      pid,
      name,
      ppid: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      rssKib: Number(fields[21]) * PAGE_KIB,
    };
  } catch {
    return null;
  }
}

function pssKib(pid) {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The process `root` and its descendants now. */
export function tree(root) {
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (s) all.push(s);
  }
  const children = new Map();
  for (const s of all) {
    if (!children.has(s.ppid)) children.set(s.ppid, []);
    children.get(s.ppid).push(s);
  }
  const out = [];
  const start = all.find((s) => s.pid === root);
  if (!start) return out;
  const queue = [start];
  while (queue.length) {
    const s = queue.shift();
    out.push(s);
    queue.push(...(children.get(s.pid) ?? []));
  }
  return out;
}

/**
 * Samples the tree under `root` every `intervalMs` for `seconds`. Returns the CPU seconds used in
 * that window (utime + stime; processes that start inside it count from zero), the peak of the
 * summed RSS and of the summed PSS (shared pages split between the processes that map them), and the
 * processes seen.
 */
export async function measure(root, seconds, intervalMs = 500) {
  const first = new Map();
  const last = new Map();
  const names = new Map();
  let peakRss = 0;
  let peakPss = 0;
  const sample = (initial) => {
    const procs = tree(root);
    let rss = 0;
    let pss = 0;
    for (const s of procs) {
      if (!first.has(s.pid)) first.set(s.pid, initial ? s.cpuTicks : 0);
      last.set(s.pid, s.cpuTicks);
      names.set(s.pid, s.name);
      rss += s.rssKib;
      pss += pssKib(s.pid);
    }
    peakRss = Math.max(peakRss, rss);
    peakPss = Math.max(peakPss, pss);
    return procs.length;
  };
  if (sample(true) === 0) throw new Error(`no process ${root}`);
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await new Promise((ok) => setTimeout(ok, Math.min(intervalMs, end - Date.now())));
    sample(false);
  }
  let ticks = 0;
  const perProcess = {};
  for (const [pid, value] of last) {
    const used = value - first.get(pid);
    ticks += used;
    const name = names.get(pid);
    perProcess[name] = (perProcess[name] ?? 0) + used / TICKS;
  }
  return {
    cpuSeconds: ticks / TICKS,
    peakRssKib: peakRss,
    peakPssKib: peakPss,
    processes: last.size,
    perProcess,
  };
}

/** The pid of the first process under `root` (inclusive) whose executable is `exe`. */
export function findExe(root, exe) {
  for (const s of tree(root)) {
    try {
      if (readlinkSync(`/proc/${s.pid}/exe`) === exe) return s.pid;
    } catch {
      // gone or not ours
    }
  }
  return null;
}
