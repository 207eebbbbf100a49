/**
 * The runtime of a browser Web Worker for codec-run-core.ts: codecs from their browser entries,
 * the sample as the bytes the job carried, end-to-end decode through DecompressionStream, and
 * no GC profiler (a Web Worker has none: GC share and allocation read 0). Compression sizes
 * are the host's (a browser has no brotli or zstd encoder): the report carries the bytes.
 */
import type { CodecDescriptor } from '../codecs/codec';
import type { LoadedCodec } from '../codecs/load-codec';
import { browserCodecModules } from '../codecs/browser-codecs';
import { findBuiltinCodec } from '../codecs/registry';
import type { CodecRunRuntime } from '../engine/codec-run-core';
import { timeEndToEnd, type Decompressor } from '../engine/end-to-end';
import type { EndToEndDecode } from '../shared/results';

declare const PAYLOAD_LAB_LIBRARY_VERSIONS: Record<string, string> | undefined;

interface StreamCodecs {
  CompressionStream: new (format: string) => TransformStream<Uint8Array, Uint8Array>;
  DecompressionStream: new (format: string) => TransformStream<Uint8Array, Uint8Array>;
}
const streams = globalThis as unknown as StreamCodecs;

async function loadBrowserCodec(source: { builtin: string } | { modulePath: string }): Promise<LoadedCodec> {
  if (!('builtin' in source)) throw new Error('codec modules of your own run in Node only');
  const descriptor: CodecDescriptor | undefined = findBuiltinCodec(source.builtin);
  const load = browserCodecModules[source.builtin];
  if (!descriptor || !load) throw new Error(`${source.builtin} has no browser entry`);
  return { descriptor, module: await load() };
}

function libraryVersion(library: string): string {
  if (library === 'node:v8') return 'built into the browser';
  return (typeof PAYLOAD_LAB_LIBRARY_VERSIONS === 'undefined' ? undefined : PAYLOAD_LAB_LIBRARY_VERSIONS[library]) ?? 'unknown';
}

/** All of a stream's output, as one Uint8Array. */
async function pipeThrough(bytes: Uint8Array, transform: TransformStream<Uint8Array, Uint8Array>): Promise<Uint8Array> {
  const output = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

function streamFormat(format: string): boolean {
  try {
    new streams.DecompressionStream(format);
    return true;
  } catch {
    return false;
  }
}

async function browserEndToEnd(encoded: Uint8Array, decode: (bytes: Uint8Array) => unknown, options: Parameters<CodecRunRuntime['endToEndDecode']>[2]): Promise<EndToEndDecode> {
  const decompressor = async (format: string, name: string): Promise<Decompressor> => {
    if (!streamFormat(format)) return { kind: 'unavailable', reason: `this browser's DecompressionStream has no '${format}' (browsers decode ${name} only at the HTTP layer, before script sees the bytes)` };
    // gzip is compressed here too (CompressionStream); a format the browser decompresses but
    // cannot compress has no input to time.
    try {
      const compressed = await pipeThrough(encoded, new streams.CompressionStream(format));
      return { kind: 'async', compressed, decompress: (bytes) => pipeThrough(bytes, new streams.DecompressionStream(format)) };
    } catch {
      return { kind: 'unavailable', reason: `this browser decompresses '${format}' but cannot compress it, so there is nothing to time` };
    }
  };
  return timeEndToEnd(
    { gzip: await decompressor('gzip', 'gzip'), brotli: await decompressor('brotli', 'brotli'), zstd: await decompressor('zstd', 'zstd') },
    decode,
    options,
  );
}

export const browserCodecRuntime: CodecRunRuntime = {
  loadCodec: loadBrowserCodec,
  libraryVersion,
  sampleBytes(sample) {
    if (!sample.bytes) throw new Error(`${sample.path}: a browser worker gets the sample's bytes by message, and this job carried none`);
    return sample.bytes;
  },
  endToEndDecode: browserEndToEnd,
};
