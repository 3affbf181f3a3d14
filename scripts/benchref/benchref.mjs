#!/usr/bin/env node
// benchref.mjs times the reference core's tools (the @chanmeng666/archlang
// npm package, called only through its public exports) in-process, warm,
// on the plans of a manifest written by `benchcore -write-manifest`, with
// the same protocol as benchcore: a warm pass over the examples, then per
// (tool, plan) some untimed runs and some timed runs, each call on the
// source with a distinct trailing comment so that no cache keyed by the
// source answers it. Each tool does what the reference MCP server's tool
// of that name does (compile with noCache, diagnostics converted to JSON);
// "finish" is lint + repair + compile of the repaired source, the
// reference's nearest equivalent.
//
//   node benchref.mjs -manifest m.json [-lib DIR] [-runs 10] [-big-runs 5]
//        [-warmup 2] [-tools a,b] [-plans a,b]
//
// -lib is the package's directory (default $ARCHLANG_REFERENCE, else
// ../shared/oracle/package beside the repository). One JSON line per
// (tool, plan) on stdout: {side:"reference", tool, plan, kind, bytes, times_ms}.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));

function flags(argv) {
  const f = { runs: 10, "big-runs": 5, warmup: 2, tools: "", plans: "", manifest: "", lib: "" };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i].replace(/^-+/, "");
    if (!(k in f)) throw new Error(`unknown flag ${argv[i]}`);
    const v = argv[++i];
    f[k] = typeof f[k] === "number" ? Number(v) : v;
  }
  return f;
}

const f = flags(process.argv.slice(2));
if (!f.manifest) {
  process.stderr.write("usage: benchref.mjs -manifest m.json [-lib DIR] [-runs N] [-big-runs N] [-warmup N] [-tools a,b] [-plans a,b]\n");
  process.exit(2);
}
const libDir = resolve(f.lib || process.env.ARCHLANG_REFERENCE || join(HERE, "..", "..", "..", "shared", "oracle", "package"));
const pkg = JSON.parse(readFileSync(join(libDir, "package.json"), "utf8"));
const lib = await import(pathToFileURL(join(libDir, pkg.main)).href);
const {
  applyFixes, compile, completion, describe, diagnosticToJson, intentFromJson, lint, repair, suggestTopology, validateIntent,
} = lib;

const manifest = JSON.parse(readFileSync(f.manifest, "utf8"));
const plans = manifest.plans.map((p) => ({ ...p, source: readFileSync(p.path, "utf8") }));
const brief = JSON.parse(manifest.brief);

const errorCount = (ds) => ds.filter((d) => d.severity === "error").length;
const toJson = (src, ds) => ds.map((d) => diagnosticToJson(src, d));
// Where complete is asked: just inside the plan block (after the first
// "{" that ends a line); the end of the source when there is none.
const completeAt = (src) => {
  const i = src.indexOf("{\n");
  return i < 0 ? src.length : i + 2;
};

// The fix tool: compile, apply the machine-applicable fixes the
// diagnostics carry, recompile; up to 4 passes, a pass that adds errors
// is dropped (the behaviour the reference documents for `arch fix`).
function fixTool(source) {
  let current = source;
  for (let pass = 0; pass < 4; pass++) {
    const { diagnostics } = compile(current, { noCache: true });
    const fixes = [];
    for (const d of diagnostics) for (const x of d.fixes ?? []) fixes.push(x);
    if (fixes.length === 0) break;
    const report = applyFixes(current, fixes, { maxApplicability: "machine-applicable" });
    if (report.applied.length === 0) break;
    const after = errorCount(compile(report.output, { noCache: true }).diagnostics);
    if (after > errorCount(diagnostics)) break;
    current = report.output;
  }
  return { ok: errorCount(compile(current, { noCache: true }).diagnostics) === 0, source: current };
}

const tools = {
  compile(src) {
    const r = compile(src, { noCache: true });
    return { svg: r.svg, diagnostics: toJson(src, r.diagnostics) };
  },
  describe(src) {
    const s = describe(src);
    return { ...s, diagnostics: toJson(src, s.diagnostics) };
  },
  lint(src) {
    return toJson(src, lint(src));
  },
  validate(src) {
    const { diagnostics } = compile(src, { noCache: true });
    return toJson(src, [...diagnostics, ...lint(src)]);
  },
  score(src) {
    const { intent } = intentFromJson(brief);
    return validateIntent(src, intent);
  },
  suggest(src) {
    return suggestTopology(src);
  },
  repair(src) {
    return repair(src);
  },
  fix(src) {
    return fixTool(src);
  },
  finish(src) {
    const findings = toJson(src, lint(src));
    const r = repair(src);
    const c = compile(r.source, { noCache: true });
    return { findings, source: r.source, diagnostics: toJson(r.source, c.diagnostics) };
  },
  complete(src) {
    return completion(src, completeAt(src));
  },
};

const keep = (list) => (list ? new Set(list.split(",").map((s) => s.trim())) : null);
const keepTool = keep(f.tools);
const keepPlan = keep(f.plans);
let counter = 0;
const variant = (src) => `${src.endsWith("\n") ? src : src + "\n"}# bench run ${++counter}\n`;
let sink = 0;
const use = (v) => {
  sink += v === undefined || v === null ? 0 : 1;
};

const names = Object.keys(tools).filter((t) => !keepTool || keepTool.has(t));
// One warm pass over every example, so the JIT has seen every tool.
for (const t of names) for (const p of plans) if (p.kind === "example") use(tools[t](variant(p.source)));

for (const t of names) {
  for (const p of plans) {
    if (keepPlan && !keepPlan.has(p.name)) continue;
    const n = p.kind === "example" ? f.runs : f["big-runs"];
    if (typeof lib.clearCache === "function") lib.clearCache(); // bound the reference's memo between pairs
    for (let i = 0; i < f.warmup; i++) use(tools[t](variant(p.source)));
    const times = [];
    for (let i = 0; i < n; i++) {
      const src = variant(p.source);
      const start = process.hrtime.bigint();
      use(tools[t](src));
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    process.stdout.write(JSON.stringify({ side: "reference", tool: t, plan: p.name, kind: p.kind, bytes: p.bytes, times_ms: times }) + "\n");
  }
}
if (sink < 0) console.error(sink);
