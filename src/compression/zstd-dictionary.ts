/**
 * zstd with a trained dictionary, for streams of small messages: a dictionary
 * trained on one part of a stream (the messages a sender has already seen) and applied to the
 * rest, which it must never have been trained on. Each message compressed alone gains little;
 * with a dictionary of the stream's repeated keys and values it gains most.
 *
 * Training: the zstd CLI (zstd-cli.ts; no library on npm trains). Compressing and decompressing
 * with the dictionary: the WebAssembly build (zstd.ts) in every runtime, Node 22.15+ included,
 * so one implementation gives every dictionary figure, whatever a runtime's zlib offers.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadZstdWasm, ZSTD_LEVEL } from './zstd';
import { runZstdCli, ZstdCliError, type ZstdCliOptions } from './zstd-cli';

/** A zstd dictionary's magic number, little-endian (RFC 8878 §5). */
const DICTIONARY_MAGIC = 0xec30a437;
/** Below this zstd refuses (its trainer needs at least this many samples to build one). */
export const MIN_TRAINING_SAMPLES = 8;

export { ZstdCliError as ZstdDictionaryError };

export interface TrainOptions extends ZstdCliOptions {
  /** The compression level the dictionary is tuned for (default 3, zstd's default). */
  level?: number;
}

/**
 * A dictionary of at most `sizeBytes` trained on `samples` (each one message), by `zstd
 * --train` in a child process with a timeout. The samples are written to a temporary folder
 * (one file per message, as the CLI reads them), removed afterwards.
 */
export async function trainZstdDictionary(samples: readonly Uint8Array[], sizeBytes: number, options: TrainOptions = {}): Promise<Uint8Array> {
  if (!Number.isInteger(sizeBytes) || sizeBytes < 256)
    throw new ZstdCliError(`a dictionary size of ${sizeBytes} bytes: give a whole number of at least 256 bytes`);
  if (samples.length < MIN_TRAINING_SAMPLES)
    throw new ZstdCliError(`${samples.length} messages to train a dictionary on: zstd needs at least ${MIN_TRAINING_SAMPLES} (more is better: hundreds)`);
  const dir = fs.mkdtempSync(path.join(path.resolve(samplesRoot()), 'payload-lab-zstd-train-'));
  try {
    const samplesDir = path.join(dir, 'samples');
    fs.mkdirSync(samplesDir);
    // Names of one width keep the CLI's (sorted) order the messages' order.
    const width = String(samples.length).length;
    samples.forEach((sample, index) => fs.writeFileSync(path.join(samplesDir, `${String(index).padStart(width, '0')}.msg`), sample));
    const output = path.join(dir, 'dictionary');
    // Absolute paths, and the folder after `--`: a TMPDIR like `-x` cannot become an option.
    await runZstdCli(['--train', '-o', output, `--maxdict=${sizeBytes}`, `-${options.level ?? ZSTD_LEVEL}`, '-q', '-r', '--', samplesDir], options);
    const dictionary = new Uint8Array(fs.readFileSync(output));
    if (dictionary.byteLength < 8 || new DataView(dictionary.buffer, dictionary.byteOffset).getUint32(0, true) !== DICTIONARY_MAGIC) {
      throw new ZstdCliError('zstd --train wrote a file that is not a zstd dictionary');
    }
    return dictionary;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where the one-file-per-message samples are written: a memory file system where the system has
 * one (Linux's /dev/shm), else the temporary folder. Creating thousands of small files on a disk
 * mounted with `discard` took 2.6 ms each on this project's machine (4.7 s for 1,792 messages, ten
 * times the training itself); in /dev/shm, 0.26 ms.
 */
function samplesRoot(): string {
  const shm = '/dev/shm';
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    if (fs.statSync(shm).isDirectory()) return shm;
  } catch {
    // None here: the temporary folder.
  }
  return os.tmpdir();
}

/** The id a dictionary carries (in its header, and in every frame compressed with it). */
export function dictionaryId(dictionary: Uint8Array): number {
  return new DataView(dictionary.buffer, dictionary.byteOffset).getUint32(4, true);
}

export interface ZstdDictionaryCodec {
  /** One frame per message, with the dictionary's id in its header. */
  compress(message: Uint8Array): Uint8Array;
  /** Only frames compressed with this dictionary (zstd refuses others). */
  decompress(frame: Uint8Array): Uint8Array;
  /** Frees the compression and decompression contexts. */
  close(): void;
}

/** Compresses and decompresses messages with `dictionary` at `level` (one context each way, reused). */
export async function zstdWithDictionary(dictionary: Uint8Array, level = ZSTD_LEVEL): Promise<ZstdDictionaryCodec> {
  const wasm = await loadZstdWasm();
  const cctx = wasm.createCCtx();
  const dctx = wasm.createDCtx();
  return {
    compress: (message) => wasm.compressUsingDict(cctx, message, dictionary, level),
    decompress: (frame) => wasm.decompressUsingDict(dctx, frame, dictionary),
    close() {
      wasm.freeCCtx(cctx);
      wasm.freeDCtx(dctx);
    },
  };
}
