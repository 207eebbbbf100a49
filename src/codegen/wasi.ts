/**
 * Tools shipped as WASI modules (bebop-tools' `tools/wasi/wasm/bebopc.wasm`) run under Node's own
 * `node:wasi` in a child process (the same launch and timeout as a native tool: src/processes/run-program.ts):
 * one 5 MB file that works on every platform Node does, where the native builds are one per
 * platform. The module sees only the folders it is given (preopens), mapped to short paths.
 */

/**
 * The child's whole program, passed with `-e` so nothing but Node is needed on disk. argv:
 * wasm file, preopens as JSON (`{"/schema": "/real/folder"}`), then the tool's own arguments.
 */
const RUNNER = `
const { WASI } = require('node:wasi');
const { readFileSync } = require('node:fs');
const [wasmFile, preopens, ...args] = process.argv.slice(1);
const wasi = new WASI({ version: 'preview1', args: ['tool', ...args], env: {}, preopens: JSON.parse(preopens), returnOnExit: true });
WebAssembly.compile(readFileSync(wasmFile)).then((module) => WebAssembly.instantiate(module, wasi.getImportObject())).then((instance) => {
  process.exitCode = wasi.start(instance);
}, (error) => { console.error(String(error && error.stack || error)); process.exitCode = 70; });
`;

export function isWasmModule(file: string): boolean {
  return /\.wasm$/i.test(file);
}

/**
 * How to run a WASI module: Node itself (in VS Code, Electron's Node: ELECTRON_RUN_AS_NODE makes
 * the binary act as Node) with the runner. `--no-warnings` keeps WASI's experimental warning
 * out of the tool's output.
 */
export function wasiCommand(
  wasmFile: string,
  preopens: Readonly<Record<string, string>>,
  args: readonly string[],
): { command: string; args: string[]; env: NodeJS.ProcessEnv; label: string } {
  return {
    command: process.execPath,
    args: ['--no-warnings', '-e', RUNNER, wasmFile, JSON.stringify(preopens), ...args],
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    label: `${wasmFile} (WASI, under Node) ${args.join(' ')}`,
  };
}
