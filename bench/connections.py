"""What one client can hold open on a running station, and how a normal client fares meanwhile.

Each attack comes from a loopback address of its own (127.0.0.0/8 is all loopback), the normal
client from another. Prints one line per attack: how long its connection(s) stayed open, or how
many were accepted, and the normal client's latencies during the whole run.

    python3 bench/connections.py HOST:PORT [seconds=60] [connections=300] [push=200]
"""

import asyncio
import statistics
import sys
import time

HOST, PORT = sys.argv[1].rsplit(":", 1)
PORT = int(PORT)
LIMIT = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
MANY = int(sys.argv[3]) if len(sys.argv) > 3 else 300
PUSH = int(sys.argv[4]) if len(sys.argv) > 4 else 200


async def connect(source):
    return await asyncio.open_connection(HOST, PORT, local_addr=(source, 0))


async def until_closed(reader, started):
    """Seconds from `started` until the server closes, or None if it is still open at LIMIT."""
    try:
        while True:
            left = LIMIT - (time.monotonic() - started)
            if left <= 0:
                return None
            data = await asyncio.wait_for(reader.read(4096), left)
            if not data:
                return time.monotonic() - started
    except (asyncio.TimeoutError, TimeoutError):
        return None
    except ConnectionError:
        return time.monotonic() - started


def shown(seconds):
    return f"closed after {seconds:.1f} s" if seconds is not None else f"still open at {LIMIT:.0f} s"


async def silent():
    started = time.monotonic()
    reader, writer = await connect("127.0.0.11")
    return "sends nothing", shown(await until_closed(reader, started))


async def slow_header():
    started = time.monotonic()
    reader, writer = await connect("127.0.0.12")

    async def dribble():
        writer.write(b"GET /health HTTP/1.1\r\n")
        n = 0
        while True:
            await asyncio.sleep(10)
            writer.write(f"X-Slow-{n}: 1\r\n".encode())
            n += 1

    task = asyncio.ensure_future(dribble())
    closed = await until_closed(reader, started)
    task.cancel()
    return "a header line every 10 s", shown(closed)


async def slow_body():
    started = time.monotonic()
    reader, writer = await connect("127.0.0.13")

    async def dribble():
        writer.write(
            b"POST /api/v1/analytics/events HTTP/1.1\r\nHost: bench\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
        )
        while True:
            writer.write(b"          ")
            await asyncio.sleep(10)

    task = asyncio.ensure_future(dribble())
    closed = await until_closed(reader, started)
    task.cancel()
    return "a body of 10 bytes every 10 s", shown(closed)


async def idle_keep_alive():
    reader, writer = await connect("127.0.0.14")
    writer.write(b"GET /health HTTP/1.1\r\nHost: bench\r\n\r\n")
    await reader.read(4096)
    started = time.monotonic()
    return "kept alive, then idle", shown(await until_closed(reader, started))


async def many_connections():
    held, refused = [], 0
    for _ in range(MANY):
        try:
            reader, writer = await connect("127.0.0.15")
        except OSError:
            refused += 1
            continue
        held.append((reader, writer))
    await asyncio.sleep(1)
    # A refused connection is answered 429 and closed at once; the others wait for a request.
    open_ = 0
    for reader, _ in held:
        try:
            data = await asyncio.wait_for(reader.read(64), 0.05)
            if data.startswith(b"HTTP/1.1 429"):
                refused += 1
            elif not data:
                refused += 1
            else:
                open_ += 1
        except (asyncio.TimeoutError, TimeoutError):
            open_ += 1
    for _, writer in held:
        writer.close()
    return f"{MANY} idle connections at once", f"{open_} held, {refused} refused"


async def many_push(meta_id):
    held, statuses = [], {}
    for _ in range(PUSH):
        try:
            reader, writer = await connect("127.0.0.16")
            writer.write(f"GET /api/v1/aovivo/events/{meta_id} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            line = await reader.readline()
            status = line.split(b" ")[1].decode() if line.count(b" ") >= 2 else "closed"
        except ConnectionError:
            status = "reset"
        statuses[status] = statuses.get(status, 0) + 1
        held.append(writer)
    for writer in held:
        writer.close()
    counts = ", ".join(f"{count} × {status}" for status, count in sorted(statuses.items()))
    return f"{PUSH} push channels at once", counts


async def normal_client(stop):
    latencies = []
    while not stop.is_set():
        started = time.monotonic()
        reader, writer = await connect("127.0.0.20")
        writer.write(b"GET /health HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
        await reader.read()
        writer.close()
        latencies.append((time.monotonic() - started) * 1000)
        await asyncio.sleep(0.2)
    return latencies


async def main():
    reader, writer = await connect("127.0.0.20")
    writer.write(b"GET /api/v1/station HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
    reply = (await reader.read()).decode(errors="replace")
    meta_id = reply.split('"mainStreamId":"', 1)[1].split('"', 1)[0]
    stop = asyncio.Event()
    normal = asyncio.ensure_future(normal_client(stop))
    results = await asyncio.gather(
        silent(), slow_header(), slow_body(), idle_keep_alive(), many_connections(), many_push(meta_id)
    )
    stop.set()
    latencies = sorted(await normal)
    for attack, outcome in results:
        print(f"{attack:<34} {outcome}")
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{'normal client (GET /health)':<34} {len(latencies)} requests, "
        f"p50 {statistics.median(latencies):.1f} ms, p99 {p99:.1f} ms, max {latencies[-1]:.1f} ms"
    )


asyncio.run(main())
