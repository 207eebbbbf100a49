/**
 * A stream's compression figures, in the codec's worker after its timing: the
 * stream is split into a training part (its first messages) and the held-out rest; every
 * compressed size is measured on held-out messages only (the first `compressedMessages` of
 * them), so the zstd dictionary, trained on (the end of) the training part by the zstd CLI,
 * never meets a message it was trained on. Then batches of those messages. Compression times per message are
 * amortised over a pass of the first held-out messages, in this (first) round.
 */
import type { MessageCompression, MessageDictionary, MessageBatches, MessagesPlan, MessageRange } from '../../shared/messages';
import { compressBatches, compressEachAlone, MESSAGE_COMPRESSION_LEVELS } from '../../compression/message-compression';
import { MIN_TRAINING_SAMPLES, trainZstdDictionary, zstdWithDictionary, ZstdDictionaryError } from '../../compression/zstd-dictionary';
import { findZstdCli, runZstdCli } from '../../compression/zstd-cli';
import { ZSTD_WASM_LIBRARY } from '../../compression/zstd';
import { libraryVersion } from '../../codecs/library-version';
import { sizeDistribution } from '../../measurement/messages/size-distribution';
import { measureOperation } from '../measure';

/** Messages a compression time is amortised over: enough for a stable mean, few enough for short windows. */
const TIMED_MESSAGES = 250;

export interface StreamCompression {
  compression: MessageCompression;
  dictionary: MessageDictionary;
  batches: MessageBatches;
}

export interface CompressionBudget {
  /** Each compression window's sampling time. */
  budgetMs: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export async function measureStreamCompression(encoded: readonly Uint8Array[], plan: MessagesPlan, budget: CompressionBudget): Promise<StreamCompression> {
  const split = Math.floor(encoded.length * plan.dictionary.trainShare);
  const heldOut = encoded.length - split;
  const measuredRange: MessageRange = { from: split, messages: Math.min(heldOut, plan.compressedMessages) };
  const measured = encoded.slice(split, split + measuredRange.messages);
  const timed = measured.slice(0, TIMED_MESSAGES);
  const time = async (operation: (message: Uint8Array, index: number) => unknown) => {
    const pass = () => {
      let last: unknown;
      for (let index = 0; index < timed.length; index++) last = operation(timed[index]!, index);
      return last;
    };
    return (await measureOperation(pass, { budgetMs: budget.budgetMs, minSamples: 2, jsonBytes: 0, warmupMs: budget.budgetMs / 2 })).meanNs / timed.length;
  };

  const alone = await compressEachAlone(measured);
  const zstd = alone.zstd;
  const frames = zstd ? timed.map((message) => zstd.compress(message)) : [];
  const compression: MessageCompression = {
    measured: measuredRange,
    heldOut,
    levels: MESSAGE_COMPRESSION_LEVELS,
    zstdLibrary: alone.zstdLibrary,
    ...(alone.zstdNotMeasured ? { zstdNotMeasured: alone.zstdNotMeasured } : {}),
    raw: meanBytes(measured),
    alone: alone.alone,
    zstdTimes: zstd
      ? { compressNs: await time((message) => zstd.compress(message)), decompressNs: await time((_, index) => zstd.decompress(frames[index]!)) }
      : null,
  };
  const trainedOn = trainingRange(encoded, split, plan.dictionary.sizeBytes);
  const training = encoded.slice(trainedOn.from, trainedOn.from + trainedOn.messages);
  const dictionary = await measureDictionary(training, trainedOn, measured, measuredRange, plan, { ...budget, time, timed }, compression.alone.zstd);
  const batches = compressBatches(measured, plan.batchSizes, zstd, measuredRange);
  return { compression, dictionary, batches };
}

const meanBytes = (messages: readonly Uint8Array[]) =>
  messages.length > 0 ? Number((messages.reduce((sum, message) => sum + message.byteLength, 0) / messages.length).toFixed(2)) : 0;

interface DictionaryTiming extends CompressionBudget {
  time(operation: (message: Uint8Array, index: number) => unknown): Promise<number>;
  timed: readonly Uint8Array[];
}

/**
 * zstd's guidance: samples weighing about 100 times the dictionary. The training part's last
 * messages up to that weight (the history a sender has just seen), so a long stream trains in
 * about the same time as a short one; all of them when they weigh less.
 */
const TRAINING_WEIGHT_PER_DICTIONARY_BYTE = 100;

function trainingRange(encoded: readonly Uint8Array[], split: number, dictionaryBytes: number): MessageRange {
  const budget = TRAINING_WEIGHT_PER_DICTIONARY_BYTE * dictionaryBytes;
  let from = split;
  let weight = 0;
  while (from > 0 && (weight + encoded[from - 1]!.byteLength <= budget || split - from < MIN_TRAINING_SAMPLES)) weight += encoded[--from]!.byteLength;
  return { from, messages: split - from };
}

async function measureDictionary(
  training: readonly Uint8Array[],
  trainedOn: MessageRange,
  measured: readonly Uint8Array[],
  measuredOn: MessageRange,
  plan: MessagesPlan,
  timing: DictionaryTiming,
  zstdAlone: number | null,
): Promise<MessageDictionary> {
  const settings = plan.dictionary;
  const notMeasured = (reason: string): MessageDictionary => ({ status: 'not-measured', reason, settings });
  if (training.length < MIN_TRAINING_SAMPLES)
    return notMeasured(
      `${training.length} message${training.length === 1 ? '' : 's'} in the training part (the first ${Math.round(settings.trainShare * 100)}% of the stream): zstd trains on at least ${MIN_TRAINING_SAMPLES}`,
    );
  if (zstdAlone === null) return notMeasured('no zstd build loads here to compress with the dictionary');
  const level = MESSAGE_COMPRESSION_LEVELS.zstd;
  let dictionaryBytes: Uint8Array;
  try {
    dictionaryBytes = await trainZstdDictionary(training, settings.sizeBytes, {
      level,
      ...(timing.timeoutMs ? { timeoutMs: timing.timeoutMs } : {}),
      ...(timing.signal ? { signal: timing.signal } : {}),
    });
  } catch (error) {
    if (error instanceof ZstdDictionaryError) return notMeasured(error.message);
    throw error;
  }
  const codec = await zstdWithDictionary(dictionaryBytes, level);
  try {
    const frames = measured.map((message) => codec.compress(message));
    frames.forEach((frame, index) => {
      if (!sameBytes(codec.decompress(frame), measured[index]!))
        throw new Error(`zstd with the dictionary did not give held-out message ${measuredOn.from + index + 1} back`);
    });
    const { histogram: _histogram, ...withDictionary } = sizeDistribution(frames.map((frame) => frame.byteLength));
    const timedFrames = frames.slice(0, timing.timed.length);
    return {
      status: 'measured',
      settings,
      trainedOn,
      measuredOn,
      bytes: dictionaryBytes.byteLength,
      level,
      trainer: `zstd --train -r <one file per message> --maxdict=${settings.sizeBytes} -${level} (${await cliVersion()})`,
      compressor: `${ZSTD_WASM_LIBRARY} ${libraryVersion(ZSTD_WASM_LIBRARY)}, ZSTD_compress_usingDict / ZSTD_decompress_usingDict with reused contexts; the library loads the dictionary on every call, and the times include that`,
      raw: meanBytes(measured),
      zstdAlone,
      withDictionary,
      times: {
        compressNs: await timing.time((message) => codec.compress(message)),
        decompressNs: await timing.time((_, index) => codec.decompress(timedFrames[index]!)),
      },
    };
  } finally {
    codec.close();
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let index = 0; index < a.byteLength; index++) if (a[index] !== b[index]) return false;
  return true;
}

let version: Promise<string> | undefined;

/** The CLI's own words for its version (`*** Zstandard CLI (64-bit) v1.5.4, by Yann Collet ***`) and where it is. */
function cliVersion(): Promise<string> {
  version ??= runZstdCli(['--version']).then(
    (text) => `${text.trim().replace(/^\*+\s*|\s*\*+$/g, '')}, ${findZstdCli()}`,
    () => `${findZstdCli() ?? 'zstd'}`,
  );
  return version;
}
