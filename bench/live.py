#!/usr/bin/env python3
"""One measurement of bench/live.sh: N listeners spread over a server's mounts, and the server's CPU
time, resident memory and live-transcode threads over one window.

    live.py NAME PID HOST:PORT WINDOW LOAD WORKDIR PATH:COUNT:KBPS...

The load tool (bench/load) takes one path per run, so it is started once per mount, all at once; each
ramps its listeners over the same RAMP_SECONDS, so the runs are all connected, and past their burst,
within a few seconds of one another. Each run counts its bytes over WINDOW + SLACK seconds; the
server's figures are taken over the WINDOW that starts once every run has started its own, so they
cover the time when all N listeners are connected and none has yet been let go.
"""

import os
import subprocess
import sys
import time

SETTLE = 10        # start-up work (seeding, a first transcode, a source going on air) is not idle...
QUIET = 0.10       # ...nor is any later: the idle is taken once the server uses less than this many cores
QUIET_WAIT = 180   # for at most this long
IDLE = 5           # the idle CPU, with no listener
RAMP_SECONDS = 20  # every run's arrivals are spread over this long (see bench/load/src/main.rs)
SLACK = 10         # how far apart the runs' windows may start and still cover the server's window
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    """user+system CPU time of the process, in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def live_threads(pid):
    """The CPU ticks of each thread named onda-live-* (the live input's transcoder,
    server/src/radio/live/mod.rs): {tid: ticks}. The kernel keeps 15 bytes of a thread's name, so
    onda-live-onda_1 reads onda-live-onda_; the prefix is what is matched."""
    threads = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return threads
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                if not f.read().startswith("onda-live-"):
                    continue
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            threads[tid] = int(fields[11]) + int(fields[12])
        except (FileNotFoundError, ProcessLookupError):
            continue
    return threads


def thread_share(before, after, seconds):
    """Cores the live threads used between two samples; a thread that came or went counts from 0."""
    ticks = sum(after.get(tid, 0) - before.get(tid, 0) for tid in after if tid in before)
    ticks += sum(after[tid] for tid in after if tid not in before)
    return ticks / TICKS / seconds


def figures(path):
    with open(path) as f:
        return dict(line.split() for line in f if len(line.split()) == 2)


def main():
    name, pid, addr, window, load, work = sys.argv[1:7]
    window = float(window)
    mounts = []
    for spec in sys.argv[7:]:
        path, count, kbps = spec.rsplit(":", 2)
        if int(count) > 0:
            mounts.append((path, int(count), int(kbps)))
    n = sum(count for _, count, _ in mounts)

    time.sleep(SETTLE)
    # A fresh server's first minute can go to its own work (on the first run, the demo library and the
    # AAC transcodes of the music); measured as idle, it would be taken off the listeners' figures.
    waited = time.monotonic()
    while True:
        q0 = cpu_ticks(pid)
        time.sleep(2)
        busy = (cpu_ticks(pid) - q0) / TICKS / 2
        if busy < QUIET or time.monotonic() - waited > QUIET_WAIT:
            break
    if busy >= QUIET:
        print(f"{name}: warning: the server never went quiet before the load ({busy * 100:.0f}% of a core)")
    idle_rss = rss_kib(pid)
    i0, l0, s0 = cpu_ticks(pid), live_threads(pid), time.monotonic()
    time.sleep(IDLE)
    i1, l1, s1 = cpu_ticks(pid), live_threads(pid), time.monotonic()
    idle_cpu = (i1 - i0) / TICKS / (s1 - s0)
    idle_live = thread_share(l0, l1, s1 - s0)

    runs = []
    for index, (path, count, kbps) in enumerate(mounts):
        out = os.path.join(work, f"load-{name}-{index}.txt")
        ramp = max(1, -(-count // RAMP_SECONDS))
        # The tool gives up waiting for its listeners after 120 s, then counts anyway.
        proc = subprocess.Popen([load, "listen", addr, path, str(count), str(int(window + SLACK)), str(ramp)],
                                stdout=open(out, "w"), stderr=subprocess.STDOUT)
        runs.append((path, count, kbps, out, proc))

    def started(out):
        with open(out) as f:
            return "window-start" in f.read()

    deadline = time.monotonic() + RAMP_SECONDS + 120 + 30
    first = None
    while not all(started(out) for *_, out, _ in runs):
        if first is None and any(started(out) for *_, out, _ in runs):
            first = time.monotonic()
        if time.monotonic() > deadline or any(p.poll() is not None and not started(o) for *_, o, p in runs):
            for *_, p in runs:
                p.kill()
            sys.exit(f"{name}: a load run never started its window")
        time.sleep(0.05)
    skew = time.monotonic() - (first or time.monotonic())
    c0, t0, w0 = cpu_ticks(pid), live_threads(pid), time.monotonic()
    time.sleep(window)
    c1, t1, w1 = cpu_ticks(pid), live_threads(pid), time.monotonic()
    rss = rss_kib(pid)
    for *_, proc in runs:
        proc.wait(timeout=SLACK + 60)
    seconds = w1 - w0

    cpu = (c1 - c0) / TICKS / seconds                 # cores busy during the window
    per_listener_us = (cpu - idle_cpu) / n * 1e6      # µs of CPU per second per listener, above idle
    rss_per = (rss - idle_rss) / n
    live = thread_share(t0, t1, seconds)
    print(f"{name:<14} {n:>6} listeners | CPU {cpu * 100:5.1f}% of a core (idle {idle_cpu * 100:4.1f}%), "
          f"{per_listener_us:6.1f} µs/s per listener | RSS +{rss_per:5.1f} KiB per listener "
          f"({rss / 1024:.0f} MiB, idle {idle_rss / 1024:.0f} MiB)")
    if t0 or t1 or l0 or l1:
        restarted = " (the thread changed during the window: the source reconnected)" if set(t0) != set(t1) else ""
        print(f"{'':<14} live transcode threads (onda-live-*): {live * 100:.1f}% of a core over the window, "
              f"{idle_live * 100:.1f}% with no listener{restarted}")
    if skew > SLACK:
        print(f"{'':<14} warning: the load runs' windows started {skew:.1f} s apart, more than {SLACK} s: "
              "the bytes below cover a different span than the CPU figures")
    for path, count, kbps, out, _ in runs:
        f = figures(out)
        span = float(f["window-seconds"])
        expected = kbps * 1000 / 8 * span
        ratio = lambda key: int(f[key]) / expected
        rate = lambda key: int(f[key]) * 8 / span / 1000
        print(f"{'':<14} {path:<24} {count:>6} | bytes vs real time ({kbps} kbps): min {ratio('bytes-min'):.3f}, "
              f"p1 {ratio('bytes-p1'):.3f}, median {ratio('bytes-median'):.3f} "
              f"(median {rate('bytes-median'):.1f} kbps, min {rate('bytes-min'):.1f}) | "
              f"at 99% of the median: {f['at-99pct-of-median']} | connected {f['connected']}, "
              f"failed {f['failed']}, dropped {f['ended-early']}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
