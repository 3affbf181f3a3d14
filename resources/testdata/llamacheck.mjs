// Checks the GBNF grammar with llama.cpp's own grammar code, through the
// node-llama-cpp bindings (no model is needed). Run by TestGrammarWithLlamaCpp:
//   node llamacheck.mjs <node-llama-cpp package dir> <grammar.gbnf> <accept dir> <refuse dir>
// Every file in <accept dir> must match the grammar, every file in
// <refuse dir> must not. Exits 1 on any disagreement.
import fs from "fs";
import path from "path";
import {pathToFileURL} from "url";

const [pkg, grammarPath, acceptDir, refuseDir] = process.argv.slice(2);
const {getLlama, LlamaGrammar} = await import(pathToFileURL(path.join(pkg, "dist", "index.js")).href);
const llama = await getLlama({gpu: false, build: "never"});
const grammar = new LlamaGrammar(llama, {grammar: fs.readFileSync(grammarPath, "utf8")});
let bad = 0;
for (const [dir, want] of [[acceptDir, true], [refuseDir, false]]) {
  let n = 0, slowest = 0, slowestFile = "";
  for (const f of fs.readdirSync(dir).sort()) {
    const src = fs.readFileSync(path.join(dir, f), "utf8");
    const t0 = Date.now();
    const got = grammar._testText(src);
    const ms = Date.now() - t0;
    if (ms > slowest) { slowest = ms; slowestFile = `${f} (${src.length} bytes)`; }
    n++;
    if (got !== want) { bad++; console.log(`${f}: llama.cpp says ${got}, want ${want}`); }
  }
  console.log(`${want ? "accept" : "refuse"}: ${n} files; slowest ${slowestFile} in ${slowest} ms`);
}
process.exit(bad ? 1 : 0);
