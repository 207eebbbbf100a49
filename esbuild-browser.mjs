// How code is bundled for a browser, shared by esbuild.mjs (the browser runtime's bundles, and
// each codec's web bundle size) and the test that checks those sizes: the aliases, polyfills and
// plugins a web app needs for these libraries, so a size is what such an app would ship.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as path from 'node:path';

/** pbf/compile reads its version through import.meta.url, which a CommonJS bundle lacks: put in place. */
export function pbfCompileVersion(pbfVersion) {
  return {
    name: 'pbf-compile-version',
    setup(build) {
      build.onLoad({ filter: /[\\/]pbf[\\/]compile\.js$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8')
          .replace(/JSON\.parse\(readFileSync\(new URL\('package\.json', import\.meta\.url\)\)\)\.version/, JSON.stringify(pbfVersion))
          .replace(/^import \{readFileSync\} from 'fs';$/m, ''),
        loader: 'js',
      }));
    },
  };
}

// `node:path` is imported by schema modules for host-side file collection only: it resolves to
// a stub that throws if ever called. Any other Node built-in fails the build.
const nodeOnlyStub = {
  name: 'node-only-stub',
  setup(build) {
    build.onResolve({ filter: /^node:path$/ }, () => ({ path: 'node:path', namespace: 'node-only-stub' }));
    build.onLoad({ filter: /.*/, namespace: 'node-only-stub' }, () => ({
      contents:
        'const fail = () => { throw new Error("node:path is not available in a browser worker"); }; export const resolve = fail, join = fail, dirname = fail, basename = fail, relative = fail, isAbsolute = fail, sep = "/";',
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

/**
 * The options every browser bundle of the codecs shares. avsc's browser entry
 * (etc/browser/avsc.js) requires Node's stream and util; its types-only entry
 * (etc/browser/avsc-types.js) still requires `buffer` and `util`, and declares neither: a web
 * app bundling avsc must add both polyfills (the `buffer` and `util` packages), and so does
 * this. The `util` polyfill reads process.env.NODE_DEBUG when loaded; a browser has no
 * `process`: bundlers for the web define it away (or add a third polyfill), and so does this.
 * `root`: the repository (node_modules is there).
 */
export function browserOptions(versions, root = process.cwd()) {
  return {
    plugins: [nodeOnlyStub, pbfCompileVersion(versions.pbf), jsBinaryBuffer],
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    alias: { avsc: path.join(root, 'node_modules/avsc/etc/browser/avsc-types.js') },
    define: { PAYLOAD_LAB_LIBRARY_VERSIONS: JSON.stringify(versions), 'process.env.NODE_DEBUG': 'undefined' },
  };
}

/** gzip's level for the sizes: the highest, as bundle size tools report them. */
export const WEB_BUNDLE_GZIP_LEVEL = 9;

/** One entry's production bundle: minified ES module (its exports kept, so nothing it imports is dropped as unused). */
export async function webBundleSize(entry, versions, root = process.cwd()) {
  const result = await esbuild.build({
    ...browserOptions(versions, root),
    stdin: { contents: entry, resolveDir: root, loader: 'js' },
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  return { minified: bytes.byteLength, gzip: gzipSync(bytes, { level: WEB_BUNDLE_GZIP_LEVEL }).byteLength };
}

/** Every codec's web bundle (src/codecs/web-bundle-entries.json), as dist/browser/bundle-sizes.json holds them. */
export async function webBundleSizes(entries, versions, root = process.cwd()) {
  const codecs = {};
  for (const [codec, { entry, note }] of Object.entries(entries.codecs)) {
    codecs[codec] = entry === null ? { minified: 0, gzip: 0, note } : { ...(await webBundleSize(entry, versions, root)), note };
  }
  return { gzipLevel: WEB_BUNDLE_GZIP_LEVEL, bundler: `esbuild ${esbuild.version}`, codecs };
}
