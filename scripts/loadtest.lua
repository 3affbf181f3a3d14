-- wrk script for scripts/loadtest.sh: cycles through a request list that
-- scripts/loadgen wrote, and counts responses by status class and MCP
-- tool results marked isError.
--
--   wrk ... -s scripts/loadtest.lua URL -- LISTFILE [fresh|same]
--
-- fresh (the default): every POST's plan gets a distinct trailing comment
-- and every GET /svg/ takes the next of its variants, so no cache keyed by
-- the source answers most requests; same: the requests as listed, which a
-- cache answers after the first round.
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end

function init(args)
  local file = args[1]
  if file == nil then
    error("loadtest.lua: give the request list after --")
  end
  fresh = args[2] ~= "same"
  reqs = {}
  for line in io.lines(file) do
    local method, rest = string.match(line, "^(%u+)\t(.*)$")
    if method == "POST" then
      local path, head, tail = string.match(rest, "^([^\t]*)\t([^\t]*)\t(.*)$")
      table.insert(reqs, { post = true, path = path, head = head, tail = tail,
        fixed = wrk.format("POST", path, headers, head .. tail) })
    elseif method == "GET" then
      local urls = {}
      for u in string.gmatch(rest, "%S+") do
        table.insert(urls, wrk.format("GET", u))
      end
      table.insert(reqs, { post = false, urls = urls, next = 0 })
    end
  end
  if #reqs == 0 then
    error("loadtest.lua: no requests in " .. file)
  end
  -- Threads start at different places in the list.
  i = (id * 7) % #reqs
  n = 0
  s2, s3, s4, s5, tool_errors = 0, 0, 0, 0, 0
end

headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream" }

function request()
  i = i % #reqs + 1
  local r = reqs[i]
  if r.post then
    if not fresh then
      return r.fixed
    end
    n = n + 1
    return wrk.format("POST", r.path, headers, r.head .. "\\n# load " .. id .. "." .. n .. "\\n" .. r.tail)
  end
  if not fresh then
    return r.urls[1]
  end
  r.next = r.next % #r.urls + 1
  return r.urls[r.next]
end

function response(status, headers, body)
  if status >= 500 then
    s5 = s5 + 1
  elseif status >= 400 then
    s4 = s4 + 1
  elseif status >= 300 then
    s3 = s3 + 1
  else
    s2 = s2 + 1
    if body ~= nil and string.find(body, '"isError":true', 1, true) then
      tool_errors = tool_errors + 1
    end
  end
end

function done(summary, latency, requests)
  local t = { s2 = 0, s3 = 0, s4 = 0, s5 = 0, tool_errors = 0 }
  for _, thread in ipairs(threads) do
    for k, _ in pairs(t) do
      t[k] = t[k] + (thread:get(k) or 0)
    end
  end
  local secs = summary.duration / 1e6
  io.write(string.format(
    "RESULT requests=%d seconds=%.2f rps=%.1f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f status_2xx=%d status_3xx=%d status_4xx=%d status_5xx=%d socket_errors=%d timeouts=%d tool_is_error=%d\n",
    summary.requests, secs, summary.requests / secs,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    t.s2, t.s3, t.s4, t.s5,
    summary.errors.connect + summary.errors.read + summary.errors.write, summary.errors.timeout, t.tool_errors))
end
