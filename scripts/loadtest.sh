#!/usr/bin/env bash
# loadtest.sh: a bounded load test of the MCP server through a real Caddy
# (cmd/caddy, the README's build) on Caddyfile.example's local site
# http://127.0.0.1:8080 (loopback only, no rate limit), driven by wrk.
#
# Mixes, each against a freshly started caddy, each a short warm-up and
# then DURATION of load:
#   compile       tools/call compile of one ordinary plan (PLAN, default studio)
#   mix           compile, describe and lint through POST /mcp and GET
#                 /svg/<payload> in equal shares, cycling over every example
#   compile-same, mix-same
#                 the same requests without the distinct trailing comments
# Without -same, every request's plan carries a distinct trailing comment
# (and /svg/ URLs cycle through 40 variants of each plan), so no cache keyed
# by the source answers most of them: the figures are the work. With -same
# the server's caches (drawings, analysed plans) answer after the first
# round. For each: requests/s, p50/p90/p99 latency, responses by status
# class (5xx separately), tool results marked isError, the caddy process's
# peak RSS (VmHWM in /proc/<pid>/status), and its cache counters.
#
# Usage: scripts/loadtest.sh [compile] [mix] [compile-same] [mix-same]
#        (default: compile mix mix-same)
# Environment:
#   ARCHLANG_EXAMPLES  directory of .arch examples (default ../shared/examples)
#   PLAN               the compile mix's plan, an example's base name (default studio)
#   DURATION           seconds of load per mix (default 20)
#   WARMUP             seconds of warm-up per mix (default 3)
#   THREADS, CONNS     wrk threads and connections (default 1 and 16)
#   CADDY              a caddy binary to use (default: build ./cmd/caddy once)
#   PROFILE=1          also save a 10 s CPU profile of caddy under each mix
#                      (admin /debug/pprof/profile) as LOAD_OUT/cpu-<mix>.pprof
#   LOAD_OUT           keep the request lists and logs here (default a temp dir)
#   GOGC, GOMEMLIMIT   Go's collector settings for caddy (default: those of
#                      deploy/caddy-archlang.service, the deployed service's)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
EXAMPLES="${ARCHLANG_EXAMPLES:-$ROOT/../shared/examples}"
PLAN="${PLAN:-studio}"
DURATION="${DURATION:-20}"
WARMUP="${WARMUP:-3}"
THREADS="${THREADS:-1}"
CONNS="${CONNS:-16}"
OUT="${LOAD_OUT:-$(mktemp -d)}"
URL=http://127.0.0.1:8080
mixes=("$@")
[ ${#mixes[@]} -gt 0 ] || mixes=(compile mix mix-same)

if ! command -v wrk >/dev/null; then
	echo "loadtest: wrk is missing; install it with: apt-get install -y wrk" >&2
	exit 2
fi
[ -d "$EXAMPLES" ] || { echo "loadtest: no examples at $EXAMPLES (set ARCHLANG_EXAMPLES)" >&2; exit 2; }
mkdir -p "$OUT"
if [ -z "${CADDY:-}" ]; then
	echo "building caddy (go build ./cmd/caddy)…" >&2
	go build -o "$OUT/caddy" ./cmd/caddy
	CADDY="$OUT/caddy"
fi
go run ./scripts/loadgen -examples "$EXAMPLES" -plan "$PLAN" -out "$OUT"

if curl -s -o /dev/null --max-time 1 "$URL/" || curl -s -o /dev/null --max-time 1 http://localhost:2019/config/; then
	echo "loadtest: something already listens on :8080 or :2019; stop it first" >&2
	exit 2
fi

caddy_pid=""
stop_caddy() {
	if [ -n "$caddy_pid" ] && kill -0 "$caddy_pid" 2>/dev/null; then
		kill "$caddy_pid"
		wait "$caddy_pid" 2>/dev/null || true
	fi
	caddy_pid=""
}
trap stop_caddy EXIT

# The collector settings the deployed service runs with, unless given.
unit_env() { sed -n 's/^Environment=.*\b'"$1"'=\([^ ]*\).*/\1/p' deploy/caddy-archlang.service | head -1; }
export GOGC="${GOGC:-$(unit_env GOGC)}" GOMEMLIMIT="${GOMEMLIMIT:-$(unit_env GOMEMLIMIT)}"

start_caddy() {
	ARCHLANG_SITE=http://localhost:8081 "$CADDY" run --config Caddyfile.example >"$OUT/caddy-$1.log" 2>&1 &
	caddy_pid=$!
	for _ in $(seq 1 100); do
		if curl -s -o /dev/null --max-time 1 "$URL/"; then return 0; fi
		kill -0 "$caddy_pid" 2>/dev/null || { cat "$OUT/caddy-$1.log" >&2; exit 1; }
		sleep 0.1
	done
	echo "loadtest: caddy did not come up; see $OUT/caddy-$1.log" >&2
	exit 1
}

# A tools/call needs no initialize on this stateless server: check it.
check() {
	local code
	code=$(curl -s -o "$OUT/check.json" -w '%{http_code}' "$URL/mcp" \
		-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
		--data-binary "$(head -1 "$OUT/compile.txt" | cut -f3,4 | tr -d '\t')")
	if [ "$code" != 200 ] || ! grep -q '"result"' "$OUT/check.json"; then
		echo "loadtest: tools/call compile answered $code: $(head -c 300 "$OUT/check.json")" >&2
		exit 1
	fi
}

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/'); wrk -t$THREADS -c$CONNS -d${DURATION}s; GOGC=${GOGC:-100} GOMEMLIMIT=${GOMEMLIMIT:-none}; caddy $("$CADDY" version | cut -d' ' -f1); ours $(git rev-parse --short HEAD 2>/dev/null || echo "${BENCH_COMMIT:-unknown}")"
for mix in "${mixes[@]}"; do
	list="$OUT/${mix%-same}.txt"
	mode=fresh
	[ "$mix" = "${mix%-same}" ] || mode=same
	[ -f "$list" ] || { echo "loadtest: unknown mix $mix" >&2; exit 2; }
	start_caddy "$mix"
	check
	wrk -t"$THREADS" -c"$CONNS" -d"${WARMUP}s" -s scripts/loadtest.lua "$URL" -- "$list" "$mode" >/dev/null
	prof_pid=""
	if [ "${PROFILE:-0}" = 1 ]; then
		(sleep 2; curl -s --max-time 30 -o "$OUT/cpu-$mix.pprof" "http://localhost:2019/debug/pprof/profile?seconds=10") &
		prof_pid=$!
	fi
	wrk -t"$THREADS" -c"$CONNS" -d"${DURATION}s" --timeout 10s -s scripts/loadtest.lua "$URL" -- "$list" "$mode" >"$OUT/wrk-$mix.txt"
	[ -z "$prof_pid" ] || wait "$prof_pid" || true
	hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$caddy_pid/status")
	rss=$(awk '/^VmRSS/ {print $2}' "/proc/$caddy_pid/status")
	result=$(grep '^RESULT' "$OUT/wrk-$mix.txt" | sed 's/^RESULT //')
	echo "$mix ($(wc -l <"$list") distinct requests, cycled): $result peak_rss_mb=$((hwm / 1024)) rss_after_mb=$((rss / 1024))"
	curl -s --max-time 2 http://localhost:2019/metrics | grep -E '^caddy_archlang_mcp_(svg_responses_total|refusals_total|[a-z_]*cache[a-z_]*)' | grep -v ' 0$' | sed "s/^/  $mix metric: /" || true
	stop_caddy
done
echo "raw output in $OUT" >&2
