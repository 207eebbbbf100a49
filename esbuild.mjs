// Bundles each entry point: the extension, the CLI and the codec worker (Node), and the
// results webview (browser: no Node, no vscode).
// Library versions are read here, once, and baked into the bundles (their package.json files
// are often hidden behind "exports").
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

const quiet = process.argv.includes('--quiet');
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const libraries = ['avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson'];
const versions = Object.fromEntries(
  libraries.map((name) => [name, JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version]),
);

const node = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  logLevel: quiet ? 'warning' : 'info',
  // Native addons load from node_modules at run time; without them the libraries use pure JS.
  external: ['vscode', 'msgpackr-extract', 'cbor-extract'],
  define: {
    PAYLOAD_LAB_VERSION: JSON.stringify(manifest.version),
    PAYLOAD_LAB_LIBRARY_VERSIONS: JSON.stringify(versions),
  },
};

const webview = {
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  // chart.js is most of the page's script: minified, it loads in a third of the time.
  minify: true,
  sourcemap: true,
  logLevel: quiet ? 'warning' : 'info',
  // Fail the build if anything Node-only sneaks into the page.
  external: [],
};

await Promise.all([
  esbuild.build({ ...node, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist' }),
  esbuild.build({ ...node, entryPoints: { worker: 'src/engine/worker.ts' }, outdir: 'dist' }),
  esbuild.build({ ...node, entryPoints: { cli: 'src/cli.ts' }, outdir: 'dist' }),
  // Probe processes (forked, not worker threads: some decoders abort their whole process).
  esbuild.build({ ...node, entryPoints: { 'probe-child': 'src/probes/probe-child.ts' }, outdir: 'dist' }),
  // Limit processes: one payload size each, with the heap limit the user chose.
  esbuild.build({ ...node, entryPoints: { 'limit-child': 'src/limits/limit-child.ts' }, outdir: 'dist' }),
  // The size sweep's runner: its workers' scaled samples stay out of the extension host.
  esbuild.build({ ...node, entryPoints: { 'sweep-runner': 'src/engine/sweep-runner.ts' }, outdir: 'dist' }),
  esbuild.build({ ...webview, entryPoints: { webview: 'webview/main.ts', 'webview-styles': 'webview/styles.css' }, outdir: 'dist' }),
]);
