/**
 * The runtime of a browser Web Worker for codec-run-core.ts: codecs from their browser entries,
 * the sample as the bytes the job carried, end-to-end decode through DecompressionStream, and
 * no GC profiler (a Web Worker has none: GC share and allocation read 0). Compression sizes
 * are the host's (a browser has no brotli or zstd encoder): the report carries the bytes.
 */
import type { LoadedCodec } from '../codecs/load-codec';
import { browserCodecModules } from '../codecs/browser-codecs';
import { findBuiltinCodec, isBrowserCodecId } from '../codecs/registry';
import type { CodecRunRuntime } from './codec-run-core';
import { timeEndToEnd, type Decompressor } from './end-to-end';
import type { EndToEndDecode } from '../shared/results';
import type { CodecDescriptor } from '../shared/codec-job';

declare const PAYLOAD_LAB_LIBRARY_VERSIONS: Record<string, string> | undefined;

/** Formats beyond the types' three ('br', 'zstd') are asked for on purpose: a browser may have them. */
type StreamFormat = ConstructorParameters<typeof DecompressionStream>[0];
const streams = {
  compression: (format: string): TransformStream<Uint8Array, Uint8Array> => new CompressionStream(format as StreamFormat),
  decompression: (format: string): TransformStream<Uint8Array, Uint8Array> => new DecompressionStream(format as StreamFormat),
};

async function loadBrowserCodec(source: { builtin: string } | { modulePath: string }): Promise<LoadedCodec> {
  if (!('builtin' in source)) throw new Error('codec modules of your own run in Node only');
  const descriptor: CodecDescriptor | undefined = findBuiltinCodec(source.builtin);
  if (!descriptor || !isBrowserCodecId(source.builtin)) throw new Error(`${source.builtin} has no browser entry`);
  return { descriptor, module: await browserCodecModules[source.builtin]() };
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
    streams.decompression(format);
    return true;
  } catch {
    return false;
  }
}

async function browserEndToEnd(
  encoded: Uint8Array,
  decode: (bytes: Uint8Array) => unknown,
  options: Parameters<CodecRunRuntime['endToEndDecode']>[2],
): Promise<EndToEndDecode> {
  const decompressor = async (format: string, name: string): Promise<Decompressor> => {
    if (!streamFormat(format))
      return {
        kind: 'unavailable',
        reason: `this browser's DecompressionStream has no '${format}' (browsers decode ${name} only at the HTTP layer, before script sees the bytes)`,
      };
    // gzip is compressed here too (CompressionStream); a format the browser decompresses but
    // cannot compress has no input to time.
    try {
      const compressed = await pipeThrough(encoded, streams.compression(format));
      return { kind: 'async', compressed, decompress: (bytes) => pipeThrough(bytes, streams.decompression(format)) };
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
