#!/usr/bin/env node
// gotable.mjs turns `go test -bench 'Tool(Sizes|SizesCacheHit|Examples)'`
// output (core/compile/bench_sizes_test.go) read on stdin into Markdown
// tables: per tool, the time on each generated size with the growth per
// doubling of the source, the peak heap and bytes allocated per call on
// the largest; the cache-hit times per size; and per tool over the
// examples the median, the slowest example and the largest peak heap.
// With -count > 1 the median of the runs is used.
import { readFileSync } from "node:fs";

const lines = readFileSync(0, "utf8").split("\n");
const runs = new Map(); // bench/tool/case -> [{ns, B, peak}]
for (const line of lines) {
  const m = line.match(/^Benchmark(ToolSizes|ToolSizesCacheHit|ToolExamples)\/([^/\s]+)\/(\S+?)(-\d+)?\s+\d+\s+(.*)$/);
  if (!m) continue;
  const [, bench, tool, kase, , rest] = m;
  const v = {};
  for (const [, num, unit] of rest.matchAll(/([\d.e+-]+) (\S+)/g)) v[unit] = Number(num);
  const key = `${bench}/${tool}/${kase}`;
  if (!runs.has(key)) runs.set(key, []);
  runs.get(key).push(v);
}
const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const get = (bench, tool, kase, unit) => median((runs.get(`${bench}/${tool}/${kase}`) ?? []).map((v) => v[unit]));
const ms = (ns) => {
  if (!Number.isFinite(ns)) return "–";
  const v = ns / 1e6;
  if (v >= 1000) return `${(v / 1000).toFixed(2)} s`;
  if (v >= 100) return `${v.toFixed(0)} ms`;
  if (v >= 10) return `${v.toFixed(1)} ms`;
  if (v >= 1) return `${v.toFixed(2)} ms`;
  if (v >= 0.01) return `${v.toFixed(3)} ms`;
  return `${(ns / 1000).toFixed(1)} µs`;
};
const x = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}×` : "–");
const mb = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} MB` : "–");
const TOOLS = ["compile", "describe", "lint", "validate", "score", "suggest", "repair", "fix", "finish", "complete"];
const SIZES = ["8KB", "16KB", "32KB", "60KB"];
const table = (head, rows) => [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
const out = [];

// Source bytes per size, from MB/s and ns/op (b.SetBytes).
const bytesOf = (bench, tool, size) => {
  const ns = get(bench, tool, size, "ns/op"), mbs = get(bench, tool, size, "MB/s");
  return (ns * mbs) / 1e3; // MB/s × s = 1e6 B/s × ns/1e9
};
for (const bench of ["ToolSizes", "ToolSizesCacheHit"]) {
  const rows = [];
  for (const t of TOOLS) {
    const ns = SIZES.map((s) => get(bench, t, s, "ns/op"));
    if (ns.every((v) => !Number.isFinite(v))) continue;
    const bytes = SIZES.map((s) => bytesOf(bench, t, s));
    const per = (a, b) => Math.pow(ns[b] / ns[a], 1 / Math.log2(bytes[b] / bytes[a]));
    const steps = [per(0, 1), per(1, 2), per(2, 3)];
    const row = [t, ...ns.map(ms), `${x(per(0, 3))} (max step ${x(Math.max(...steps.filter(Number.isFinite)))})`];
    if (bench === "ToolSizes") row.push(mb(get(bench, t, "60KB", "peak-heap-MB")), mb(get(bench, t, "60KB", "B/op") / (1 << 20)));
    rows.push(row);
  }
  if (rows.length === 0) continue;
  const head = ["tool", ...SIZES.map((s) => s.replace("KB", " KiB")), "growth per doubling 8→60 KiB"];
  if (bench === "ToolSizes") head.push("peak heap, 60 KiB", "allocated, 60 KiB");
  out.push(bench === "ToolSizes" ? "Time per call on the generated room grids (cache off):" : "Cache hits (the same source again, shared compile.Cache):");
  out.push("", table(head, rows), "");
}

const exRows = [];
for (const t of TOOLS) {
  const cases = [...runs.keys()].filter((k) => k.startsWith(`ToolExamples/${t}/`)).map((k) => k.split("/")[2]);
  if (cases.length === 0) continue;
  const ns = cases.map((c) => [c, get("ToolExamples", t, c, "ns/op")]);
  ns.sort((a, b) => b[1] - a[1]);
  const peak = Math.max(...cases.map((c) => get("ToolExamples", t, c, "peak-heap-MB")).filter(Number.isFinite));
  exRows.push([t, String(cases.length), ms(median(ns.map((p) => p[1]))), `${ms(ns[0][1])} (${ns[0][0]})`, mb(peak)]);
}
if (exRows.length) {
  out.push("Time per call on the public examples (cache off):", "", table(["tool", "examples", "median", "slowest", "largest peak heap"], exRows), "");
}
process.stdout.write(out.join("\n") + "\n");
