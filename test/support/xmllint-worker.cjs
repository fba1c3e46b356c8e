// A long-lived worker thread running libxml2's xmllint from the xmllint-wasm package.
// xmllint-wasm's validateXML() starts a new worker and compiles the 800 KB wasm on every call, which costs
// far more than a run; the suite validates after each test, so this worker compiles it once and instantiates
// the compiled module per run (docs/decisions/0070-published-contract.md has the figures). It drives the same Emscripten build through its documented
// Module options (arguments, inputFiles, print/printErr, onExit, instantiateWasm).
// See docs/decisions/0070-published-contract.md.
'use strict';
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');

const dir = path.dirname(require.resolve('xmllint-wasm/package.json'));
const Module = require(path.join(dir, 'xmllint-node.js'));
const compiled = WebAssembly.compile(fs.readFileSync(path.join(dir, 'xmllint.wasm')));
const TAG = 'rentalsim-xmllint';

/** Runs xmllint once: { id, args, inputFiles } -> { id, exitCode, stderr }. */
async function run(msg) {
  const wasm = await compiled;
  let stderr = '';
  const exitCode = await new Promise((resolve) => {
    Module({
      arguments: msg.args,
      inputFiles: msg.inputFiles,
      print() {},
      printErr(text) {
        stderr += text + '\n';
      },
      onExit: resolve,
      onAbort(reason) {
        stderr += `wasm abort: ${reason}\n`;
        resolve(-1);
      },
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(wasm, imports).then(
          (instance) => done(instance),
          (e) => {
            stderr += String(e);
            resolve(-1);
          },
        );
        return {};
      },
      wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: msg.maxMemoryPages ?? 2048 }),
    }).catch((e) => {
      stderr += String(e);
      resolve(-1);
    });
  });
  return { [TAG]: true, id: msg.id, exitCode, stderr };
}

// One run at a time: each owns a fresh instance, but there is nothing to gain from interleaving them.
let chain = Promise.resolve();
parentPort.on('message', (msg) => {
  if (msg?.[TAG] !== true) return;
  chain = chain.then(() => run(msg)).then((answer) => parentPort.postMessage(answer));
});
