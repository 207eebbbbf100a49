// Bundles each entry point: the extension, the CLI and the codec worker (Node), and the
// results webview (browser: no Node, no vscode).
// Library versions are read here, once, and baked into the bundles (their package.json files
// are often hidden behind "exports").
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

const quiet = process.argv.includes('--quiet');
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const libraries = ['avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'pbf', '@bufbuild/protobuf', 'avro-js', 'bser', 'js-binary', '@msgpack/msgpack', 'cborg'];
const versions = Object.fromEntries(
  libraries.map((name) => [name, JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version]),
);
// google-protobuf is not bundled: its row is skipped with what to install (see src/codecs/google-protobuf.ts).
versions['google-protobuf'] = 'not installed';

// pbf/compile reads its own package.json through import.meta.url when it loads, which a
// CommonJS bundle does not have: its version is put in its place.
const pbfCompileVersion = {
  name: 'pbf-compile-version',
  setup(build) {
    build.onLoad({ filter: /[\\/]pbf[\\/]compile\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(
        /JSON\.parse\(readFileSync\(new URL\('package\.json', import\.meta\.url\)\)\)\.version/,
        JSON.stringify(versions.pbf),
      ),
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
  esbuild.build({ ...node, entryPoints: { cli: 'src/cli.ts' }, outdir: 'dist' }),
  // Probe processes (forked, not worker threads: some decoders abort their whole process).
  esbuild.build({ ...node, entryPoints: { 'probe-child': 'src/probes/probe-child.ts' }, outdir: 'dist' }),
  esbuild.build({ ...webview, entryPoints: { webview: 'webview/main.ts', 'webview-styles': 'webview/styles.css' }, outdir: 'dist' }),
]);
