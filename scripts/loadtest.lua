-- wrk script for scripts/loadtest.sh: cycles through a request list that
-- scripts/loadgen wrote (one request per line: METHOD<TAB>PATH<TAB>BODY),
-- and counts responses by status class and MCP tool results marked
-- isError. Usage: wrk ... -s scripts/loadtest.lua URL -- LISTFILE
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
  reqs = {}
  for line in io.lines(file) do
    local method, path, body = string.match(line, "^(%u+)\t([^\t]*)\t(.*)$")
    if method ~= nil then
      local headers = {}
      if method == "POST" then
        headers["Content-Type"] = "application/json"
        headers["Accept"] = "application/json, text/event-stream"
      else
        body = nil
      end
      table.insert(reqs, wrk.format(method, path, headers, body))
    end
  end
  if #reqs == 0 then
    error("loadtest.lua: no requests in " .. file)
  end
  -- Threads start at different places in the list.
  i = (id * 7) % #reqs
  s2, s3, s4, s5, tool_errors = 0, 0, 0, 0, 0
end

function request()
  i = i % #reqs + 1
  return reqs[i]
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
