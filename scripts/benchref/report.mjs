#!/usr/bin/env node
// report.mjs reads the JSON lines of benchref.mjs (side "reference") and
// benchcore (sides "ours" and, optionally, "ours-same-source") and prints,
// per tool: the geometric-mean speed-up over the examples (the ratio of
// the two medians on each example) with the worst example, our p95 and
// the reference's p95 over every timed run on the examples, both times on
// the 60 KiB generated plan, and our largest peak heap per call. Then the
// generated plans' medians per size with the growth per doubling, and the
// same-source (cache-hit) figures when present.
//
//   node report.mjs [-md] results.jsonl...
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const md = args.includes("-md");
const files = args.filter((a) => a !== "-md");
const recs = [];
for (const f of files) {
  for (const line of readFileSync(f, "utf8").split("\n")) {
    if (line.trim().startsWith("{")) recs.push(JSON.parse(line));
  }
}

const TOOLS = ["compile", "describe", "lint", "validate", "score", "suggest", "repair", "fix", "finish", "complete"];
const quantile = (xs, q) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
};
const median = (xs) => quantile(xs, 0.5);
const by = new Map(); // side/tool/plan -> record
for (const r of recs) by.set(`${r.side}/${r.tool}/${r.plan}`, r);
const get = (side, tool, plan) => by.get(`${side}/${tool}/${plan}`);
const sides = new Set(recs.map((r) => r.side));
const examples = [...new Set(recs.filter((r) => r.kind === "example").map((r) => r.plan))].sort();
const generated = [...new Map(recs.filter((r) => r.kind === "generated").map((r) => [r.plan, r.bytes])).entries()].sort((a, b) => a[1] - b[1]);
const big = generated.length ? generated[generated.length - 1][0] : null;

const ms = (v) => {
  if (!Number.isFinite(v)) return "–";
  if (v >= 1000) return `${(v / 1000).toFixed(2)} s`;
  if (v >= 100) return `${v.toFixed(0)} ms`;
  if (v >= 10) return `${v.toFixed(1)} ms`;
  if (v >= 1) return `${v.toFixed(2)} ms`;
  return `${v.toFixed(3)} ms`;
};
const x = (v) => (Number.isFinite(v) ? `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)}×` : "–");
const mb = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} MB` : "–");

function table(head, rows) {
  if (md) {
    const out = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
    for (const r of rows) out.push(`| ${r.join(" | ")} |`);
    return out.join("\n");
  }
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join("  ");
  return [line(head), w.map((n) => "-".repeat(n)).join("  "), ...rows.map(line)].join("\n");
}

const out = [];
if (sides.has("reference") && sides.has("ours")) {
  const rows = [];
  for (const t of TOOLS) {
    let logSum = 0, n = 0, worst = null;
    const oursAll = [], refAll = [];
    for (const e of examples) {
      const o = get("ours", t, e), r = get("reference", t, e);
      if (!o || !r) continue;
      oursAll.push(...o.times_ms);
      refAll.push(...r.times_ms);
      const s = median(r.times_ms) / median(o.times_ms);
      logSum += Math.log(s);
      n++;
      if (!worst || s < worst.s) worst = { s, e };
    }
    if (n === 0) continue;
    const geo = Math.exp(logSum / n);
    const o60 = big && get("ours", t, big), r60 = big && get("reference", t, big);
    const peaks = recs.filter((r) => r.side === "ours" && r.tool === t && r.peak_heap_mb !== undefined).map((r) => r.peak_heap_mb);
    rows.push([
      t, `${x(geo)} (${n})`, `${x(worst.s)} ${worst.e}`, ms(quantile(oursAll, 0.95)), ms(quantile(refAll, 0.95)),
      o60 ? ms(median(o60.times_ms)) : "–", r60 ? ms(median(r60.times_ms)) : "–",
      o60 && r60 ? x(median(r60.times_ms) / median(o60.times_ms)) : "–",
      peaks.length ? mb(Math.max(...peaks)) : "–",
    ]);
  }
  out.push(`Speed-up against the reference (median per plan; p95 over every timed run on the ${examples.length} examples; ${big ?? "no generated plan"}):`);
  out.push(table(["tool", "speed-up (geomean, n)", "worst example", "our p95", "ref p95", `ours ${big ?? ""}`, `ref ${big ?? ""}`, `speed-up ${big ?? ""}`, "our peak heap"], rows));
  out.push("");
}

for (const side of ["ours", "reference"]) {
  if (!sides.has(side) || generated.length < 2) continue;
  const rows = [];
  for (const t of TOOLS) {
    const ts = generated.map(([p]) => get(side, t, p));
    if (ts.some((r) => !r)) continue;
    const med = ts.map((r) => median(r.times_ms));
    const bytes = generated.map(([, b]) => b);
    // Growth per doubling of the source: (t_b/t_a)^(1/log2(bytes_b/bytes_a)).
    const per = (a, b) => Math.pow(med[b] / med[a], 1 / Math.log2(bytes[b] / bytes[a]));
    const steps = med.slice(1).map((_, i) => x(per(i, i + 1)));
    rows.push([t, ...med.map(ms), ...steps, x(per(0, med.length - 1))]);
  }
  const names = generated.map(([p, b]) => `${p} (${b} B)`);
  const stepNames = generated.slice(1).map(([p], i) => `×/doubling ${generated[i][0].replace(/^grid-/, "")}→${p.replace(/^grid-/, "")}`);
  out.push(`${side === "ours" ? "Ours" : "Reference"}: median time on the generated plans, and growth per doubling of the source:`);
  out.push(table(["tool", ...names, ...stepNames, "×/doubling overall"], rows));
  out.push("");
}

const hitSide = sides.has("ours-same-source-cached") ? "ours-same-source-cached" : "ours-same-source";
if (sides.has(hitSide)) {
  const rows = [];
  for (const t of TOOLS) {
    const all = [], fresh = [];
    let logSum = 0, n = 0;
    for (const e of examples) {
      const h = get(hitSide, t, e), o = get("ours", t, e);
      if (!h) continue;
      all.push(...h.times_ms);
      if (o) {
        fresh.push(...o.times_ms);
        logSum += Math.log(median(o.times_ms) / median(h.times_ms));
        n++;
      }
    }
    if (all.length === 0) continue;
    const h60 = big && get(hitSide, t, big);
    rows.push([t, ms(median(all)), ms(quantile(all, 0.95)), n ? x(Math.exp(logSum / n)) : "–", h60 ? ms(median(h60.times_ms)) : "–"]);
  }
  out.push(hitSide.endsWith("-cached") ? "Ours, the same source on every call with a shared compile.Cache (cache hits; compile, repair and complete take no cache):" : "Ours, the same source on every call, no cache:");
  out.push(table(["tool", "median", "p95", "speed-up over cache off (geomean)", big ?? ""], rows));
  out.push("");
}
process.stdout.write(out.join("\n") + "\n");
