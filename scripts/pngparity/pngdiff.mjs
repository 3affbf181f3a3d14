#!/usr/bin/env node
// pngdiff.mjs: holds each of our PNGs against resvg's rendering of our own
// SVG of the same plan, at the PNG's width, and prints one line per plan
// plus a summary. The measure: pixels that pixelmatch finds different
// (threshold 0.1, anti-aliasing not counted) over the pixels that are inked
// (not near-white) in either image, both on white, resvg setting text in
// Roboto Regular with no system fonts.
//   node pngdiff.mjs DIR [DIFFDIR]
// DIR holds <name>.svg and <name>.png pairs (scripts/pngparity writes
// them); DIFFDIR, when given, receives <name>.resvg.png and
// <name>.diff.png. Needs resvg-js, pixelmatch and pngjs installed under
// $ARCHLANG_ORACLE_HOME (default /tmp/archlang-oracle) with the font in
// its dist/assets/ (the shared oracle's setup.sh does both).
import { readFileSync, writeFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const home = process.env.ARCHLANG_ORACLE_HOME ?? "/tmp/archlang-oracle";
const require = createRequire(join(home, "package.json"));
const { Resvg } = require("@resvg/resvg-js");
const { PNG } = require("pngjs");
const pixelmatch = (await import(require.resolve("pixelmatch"))).default;

const [dir, diffDir] = process.argv.slice(2);
if (!dir) {
  console.error("usage: pngdiff.mjs DIR [DIFFDIR]");
  process.exit(3);
}
const font = process.env.ARCHLANG_FONT ?? join(home, "dist/assets/Roboto-Regular.ttf");

function resvgAt(svg, width) {
  const r = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    background: "white",
    font: { fontFiles: [font], loadSystemFonts: false, defaultFontFamily: "Roboto" },
  });
  const img = r.render();
  return { width: img.width, height: img.height, data: img.pixels };
}

// onWhite lays an image on a white W×H canvas (top left), so images of
// slightly different heights compare pixel for pixel.
function onWhite(img, W, H) {
  const d = Buffer.alloc(W * H * 4, 255);
  for (let y = 0; y < img.height; y++) {
    Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length).copy(d, y * W * 4, y * img.width * 4, (y + 1) * img.width * 4);
  }
  return d;
}

const names = readdirSync(dir).filter((f) => f.endsWith(".png")).map((f) => f.slice(0, -4)).sort();
const rows = [];
for (const name of names) {
  const ours = PNG.sync.read(readFileSync(join(dir, name + ".png")));
  const theirs = resvgAt(readFileSync(join(dir, name + ".svg"), "utf8"), ours.width);
  const W = Math.max(ours.width, theirs.width), H = Math.max(ours.height, theirs.height);
  const a = onWhite(ours, W, H), b = onWhite(theirs, W, H);
  let ink = 0;
  const white = (d, i) => d[i] > 245 && d[i + 1] > 245 && d[i + 2] > 245;
  for (let i = 0; i < W * H * 4; i += 4) if (!white(a, i) || !white(b, i)) ink++;
  const out = diffDir ? new PNG({ width: W, height: H }) : null;
  const diff = pixelmatch(a, b, out ? out.data : null, W, H, { threshold: 0.1, includeAA: false });
  if (diffDir) {
    writeFileSync(join(diffDir, name + ".diff.png"), PNG.sync.write(out));
    const t = new PNG({ width: theirs.width, height: theirs.height });
    Buffer.from(theirs.data).copy(t.data);
    writeFileSync(join(diffDir, name + ".resvg.png"), PNG.sync.write(t));
  }
  const ratio = ink ? diff / ink : 0;
  rows.push({ name, width: W, height_ours: ours.height, height_resvg: theirs.height, ink_px: ink, diff_px: diff, ratio });
  console.log(`${name.padEnd(20)} ${String(W).padStart(5)}×${String(ours.height).padEnd(5)} resvg h ${String(theirs.height).padEnd(5)} ink ${String(ink).padStart(8)} diff ${String(diff).padStart(7)}  ${(100 * ratio).toFixed(2)}%`);
}
const worst = rows.reduce((m, r) => Math.max(m, r.ratio), 0);
const over1 = rows.filter((r) => r.ratio > 0.01).length;
const over2 = rows.filter((r) => r.ratio > 0.02).length;
console.log(`${rows.length} plans, worst ${(100 * worst).toFixed(2)}%, over 1%: ${over1}, over 2%: ${over2}`);
process.exit(over2 > 0 ? 1 : 0);
