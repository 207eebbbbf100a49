// Bundles each entry point of src/shared/bundles.json for its runtime: Node (extension host, CLI,
// worker threads, child processes), the panel's page, and the browser runtime (Web Worker, frames).
// Library versions are read here, once (esbuild-libraries.mjs, from the codec registry), and
// baked into the bundles (their package.json files are often hidden behind "exports").
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { browserOptions, pbfCompileVersion as pbfCompileVersionPlugin, webBundleSizes } from './esbuild-browser.mjs';
import { libraryVersions } from './esbuild-libraries.mjs';

const quiet = process.argv.includes('--quiet');
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const versions = await libraryVersions();
// ts-proto is the generator (found as a tool); its generated code runs on @bufbuild/protobuf/wire, bundled.

// pbf/compile reads its own package.json through import.meta.url when it loads, which a
// CommonJS bundle does not have: its version is put in its place. Its `fs` import, then
// unused, is dropped too, so the browser bundle has no Node module to resolve (a browser
// finding: pbf/compile cannot load in a browser unbundled).
const pbfCompileVersion = pbfCompileVersionPlugin(versions.pbf);

const node = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  logLevel: quiet ? 'warning' : 'info',
  // Native addons load from node_modules at run time; without them the libraries use pure JS.
  external: ['vscode', 'msgpackr-extract', 'cbor-extract'],
  plugins: [pbfCompileVersion],
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

// Every bundle, its entry and its output come from one table (src/shared/bundles.json), which
// the launchers name their scripts by too. Each bundle is built for the runtime it runs in.
const bundles = JSON.parse(readFileSync('src/shared/bundles.json', 'utf8'));
const BROWSER_WORKER_BUNDLES = ['browser-measure-worker', 'measuring-frame', 'headless-page'];
const PAGE_BUNDLES = ['panel', 'panel-styles'];
const entriesOf = (names) => bundles.filter((b) => names.includes(b.bundle)).map((b) => ({ in: b.entry, out: b.out.replace(/\.(js|css)$/, '') }));
const nodeBundles = bundles.map((b) => b.bundle).filter((name) => !BROWSER_WORKER_BUNDLES.includes(name) && !PAGE_BUNDLES.includes(name));

// zstd's WebAssembly build (src/compression/zstd.ts, on a Node without zstd in zlib) reads its
// .wasm from beside the bundle that loads it (`__dirname` of dist/worker.js): copied there.
mkdirSync('dist', { recursive: true });
copyFileSync('node_modules/@bokuweb/zstd-wasm/dist/common/zstd.wasm', 'dist/zstd.wasm');

await Promise.all([
  // Node: the extension host, the CLI, worker threads and child processes, one bundle each (a
  // child process holds only what it runs, so a library that fails to load there fails alone).
  ...entriesOf(nodeBundles).map((entry) => esbuild.build({ ...node, entryPoints: [entry], outdir: 'dist' })),
  // The results panel's page (browser: no Node, no vscode).
  esbuild.build({ ...webview, entryPoints: entriesOf(PAGE_BUNDLES), outdir: 'dist' }),
]);

// The browser measuring worker: the codecs' browser entries (package.json "browser" fields),
// nothing from Node, with the polyfills and plugins a web app needs (esbuild-browser.mjs).
await esbuild
  .build({
    ...browserOptions(versions),
    format: 'iife',
    sourcemap: true,
    logLevel: quiet ? 'warning' : 'info',
    entryPoints: entriesOf(BROWSER_WORKER_BUNDLES),
    outdir: 'dist',
    metafile: true,
  })
  .then((result) => writeFileSync('dist/browser/measure-worker.meta.json', JSON.stringify(result.metafile)));

// What each codec's library adds to a web app's bundle, minified and gzipped: computed here,
// once per build, beside the bundles. The figure belongs to the library versions bundled, which
// only a build changes, and esbuild is a build tool (not in the .vsix): at run time there is
// nothing to bundle with. The extension and the CLI read it into each row's `bundleBytes`.
writeFileSync(
  'dist/browser/bundle-sizes.json',
  `${JSON.stringify(await webBundleSizes(JSON.parse(readFileSync('src/codecs/web-bundle-entries.json', 'utf8')), versions), null, 1)}\n`,
);
