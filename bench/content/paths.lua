-- wrk script: each request takes a random path from the file named by WRK_PATHS (one path per
-- line), and the summary prints requests/s and the p50/p95/p99 latencies in milliseconds.
local paths = {}

function init(args)
  local file = assert(io.open(os.getenv("WRK_PATHS"), "r"))
  for line in file:lines() do
    if line ~= "" then paths[#paths + 1] = line end
  end
  file:close()
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 1000)
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "RESULT rps=%.0f p50=%.2f p95=%.2f p99=%.2f errors=%d non2xx=%d\n",
    summary.requests / seconds,
    latency:percentile(50) / 1000,
    latency:percentile(95) / 1000,
    latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status
  ))
end
