// Bundles each entry point: the extension, the CLI and the codec worker (Node), and the
// results webview (browser: no Node, no vscode).
// Library versions are read here, once, and baked into the bundles (their package.json files
// are often hidden behind "exports").
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

const quiet = process.argv.includes('--quiet');
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const libraries = ['avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'pbf', '@bufbuild/protobuf', 'avro-js', 'bser', 'js-binary', '@msgpack/msgpack', 'cborg', 'google-protobuf', 'ts-proto', '@protobuf-ts/runtime', 'sucrase', 'flatbuffers', 'capnp-es', 'bebop'];
const versions = Object.fromEntries(
  libraries.map((name) => [name, JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version]),
);
// ts-proto is the generator (found as a tool); its generated code runs on @bufbuild/protobuf/wire, bundled.

// pbf/compile reads its own package.json through import.meta.url when it loads, which a
// CommonJS bundle does not have: its version is put in its place. Its `fs` import, then
// unused, is dropped too, so the browser bundle has no Node module to resolve (a browser
// finding: pbf/compile cannot load in a browser unbundled).
const pbfCompileVersion = {
  name: 'pbf-compile-version',
  setup(build) {
    build.onLoad({ filter: /[\\/]pbf[\\/]compile\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8')
        .replace(/JSON\.parse\(readFileSync\(new URL\('package\.json', import\.meta\.url\)\)\)\.version/, JSON.stringify(versions.pbf))
        .replace(/^import \{readFileSync\} from 'fs';$/m, ''),
      loader: 'js',
    }));
  },
};

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

await Promise.all([
  esbuild.build({ ...node, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist' }),
  esbuild.build({ ...node, entryPoints: { worker: 'src/engine/worker.ts' }, outdir: 'dist' }),
  // A codec job in a forked process (flags a worker thread cannot take): only the codec run, so
  // a library that fails to load under --disallow-code-generation-from-strings fails alone.
  esbuild.build({ ...node, entryPoints: { 'codec-process': 'src/engine/codec-process-entry.ts' }, outdir: 'dist' }),
  esbuild.build({ ...node, entryPoints: { cli: 'src/cli.ts' }, outdir: 'dist' }),
  // Probe processes (forked, not worker threads: some decoders abort their whole process).
  esbuild.build({ ...node, entryPoints: { 'probe-child': 'src/probes/probe-child.ts' }, outdir: 'dist' }),
  // Limit processes: one payload size each, with the heap limit the user chose.
  esbuild.build({ ...node, entryPoints: { 'limit-child': 'src/limits/limit-child.ts' }, outdir: 'dist' }),
  // The size sweep's runner: its workers' scaled samples stay out of the extension host.
  esbuild.build({ ...node, entryPoints: { 'sweep-runner': 'src/engine/sweep-runner.ts' }, outdir: 'dist' }),
  esbuild.build({ ...webview, entryPoints: { webview: 'webview/main.ts', 'webview-styles': 'webview/styles.css' }, outdir: 'dist' }),
]);

// The browser measuring worker: the codecs' browser entries (package.json "browser" fields),
// nothing from Node. avsc's browser entry (etc/browser/avsc.js) requires Node's stream and
// util; its types-only entry (etc/browser/avsc-types.js) still requires `buffer` and `util`,
// and declares neither: a web app bundling avsc must add both polyfills (the `buffer` and
// `util` packages), and so does this bundle. That is a finding the README reports.
// `node:path` is imported by schema modules for host-side file collection only: it resolves to
// a stub that throws if ever called. Any other Node built-in fails the build.
const nodeOnlyStub = {
  name: 'node-only-stub',
  setup(build) {
    build.onResolve({ filter: /^node:path$/ }, () => ({ path: 'node:path', namespace: 'node-only-stub' }));
    build.onLoad({ filter: /.*/, namespace: 'node-only-stub' }, () => ({
      contents: 'const fail = () => { throw new Error("node:path is not available in a browser worker"); }; export const resolve = fail, join = fail, dirname = fail, basename = fail, relative = fail, isAbsolute = fail, sep = "/";',
      loader: 'js',
    }));
  },
};

// js-binary has no browser build: its files use Node's global `Buffer` (`new Buffer(size)`,
// `buffer.copy`…). A web app must provide one; here each js-binary file gets the `buffer`
// package's Buffer (the one avsc and avro-js already need) as a local variable, not as a
// global: msgpackr, cbor-x and bson look for a global Buffer and would take other paths.
const jsBinaryBuffer = {
  name: 'js-binary-buffer',
  setup(build) {
    build.onLoad({ filter: /[\\/]js-binary[\\/]lib[\\/][^\\/]+\.js$/ }, (args) => ({
      contents: `var Buffer = require('buffer').Buffer;\n${readFileSync(args.path, 'utf8')}`,
      loader: 'js',
    }));
  },
};

await esbuild.build({
  plugins: [nodeOnlyStub, pbfCompileVersion, jsBinaryBuffer],
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  sourcemap: true,
  logLevel: quiet ? 'warning' : 'info',
  alias: { avsc: './node_modules/avsc/etc/browser/avsc-types.js' },
  // The `util` polyfill reads process.env.NODE_DEBUG when loaded; a browser has no `process`.
  // Bundlers for the web define it away (or add a third polyfill, `process`): so does this one.
  define: { PAYLOAD_LAB_LIBRARY_VERSIONS: JSON.stringify(versions), 'process.env.NODE_DEBUG': 'undefined' },
  entryPoints: {
    'measure-worker': 'src/browser/measure-worker.ts',
    'measure-frame': 'webview/measure-frame.ts',
    'headless-runner': 'webview/headless-runner.ts',
  },
  outdir: 'dist/browser',
  metafile: true,
}).then((result) => writeFileSync('dist/browser/measure-worker.meta.json', JSON.stringify(result.metafile)));
