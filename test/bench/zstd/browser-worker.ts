/**
 * The chosen zstd build in a browser Web Worker (bundled by browser.ts for `npm run bench:zstd`):
 * its compression and decompression per level, beside the browser's own gunzip
 * (DecompressionStream, asynchronous: the only gunzip a page has without a library) and the
 * browser's zstd DecompressionStream where it has one. Timed with the engine's measure.ts.
 */
import { compress, decompress, init } from '@bokuweb/zstd-wasm';
import { measureOperation } from '../../../src/worker/measure';
import { measureAsyncOperation } from '../../../src/worker/measure-async';
// Inlined by the bundler (binary loader): the page fetches nothing.
import wasmBytes from '../../../node_modules/@bokuweb/zstd-wasm/dist/web/zstd.wasm';

interface Job {
  samples: Array<{ name: string; bytes: Uint8Array }>;
  levels: number[];
  budgetMs: number;
}

type Streams = {
  CompressionStream: new (format: string) => TransformStream<Uint8Array, Uint8Array>;
  DecompressionStream: new (format: string) => TransformStream<Uint8Array, Uint8Array>;
};
const streams = globalThis as unknown as Streams;

async function pipe(bytes: Uint8Array, transform: TransformStream<Uint8Array, Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer());
}

function hasStream(format: string): boolean {
  try {
    new streams.DecompressionStream(format);
    return true;
  } catch {
    return false;
  }
}

async function run(job: Job) {
  // The web build's init takes the .wasm's URL or its bytes (its types are the Node entry's).
  await (init as unknown as (wasm: Uint8Array) => Promise<void>)(wasmBytes);
  const options = { budgetMs: job.budgetMs, minSamples: 3, jsonBytes: 0, warmupMs: job.budgetMs };
  const results = [];
  for (const { name, bytes } of job.samples) {
    const gzip = await pipe(bytes, new streams.CompressionStream('gzip'));
    const gunzipNs = (await measureAsyncOperation(() => pipe(gzip, new streams.DecompressionStream('gzip')), options)).meanNs;
    const levels = [];
    for (const level of job.levels) {
      const frame = compress(bytes, level);
      const back = decompress(frame);
      if (back.byteLength !== bytes.byteLength || back.some((byte, index) => byte !== bytes[index]))
        throw new Error(`${name} level ${level}: the round trip did not give the input back`);
      levels.push({
        level,
        frameBytes: frame.byteLength,
        compressNs: (await measureOperation(() => compress(bytes, level), options)).meanNs,
        decompressNs: (await measureOperation(() => decompress(frame), options)).meanNs,
        streamNs: hasStream('zstd') ? (await measureAsyncOperation(() => pipe(frame, new streams.DecompressionStream('zstd')), options)).meanNs : null,
      });
    }
    results.push({ name, gunzipNs, gzipBytes: gzip.byteLength, levels });
  }
  return results;
}

const scope = globalThis as unknown as { onmessage: (event: { data: Job }) => void; postMessage(message: unknown): void };
scope.onmessage = (event) => {
  run(event.data).then(
    (results) => scope.postMessage({ ok: true, results }),
    (error: unknown) => scope.postMessage({ ok: false, why: String(error) }),
  );
};
