/**
 * One candidate zstd build in one fresh worker thread (as a codec worker would load it), for one
 * round of `npm run bench:zstd`: for each sample, gunzip of its gzip-6 frame is timed in the
 * same worker, then each level's compression and decompression, amortised per call over a
 * window (src/engine/measure.ts, the codecs' method). A round trip that does not give the
 * input back is reported, not timed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as zlib from 'node:zlib';
import { measureOperation } from '../../../src/worker/measure';
import { loadZstdWasm } from '../../../src/compression/zstd';
import { CANDIDATES } from './candidates';

export interface CandidateJob {
  candidate: string;
  samples: Array<{ name: string; bytes: Uint8Array }>;
  levels: number[];
  budgetMs: number;
}

export interface LevelFigures {
  level: number;
  frameBytes: number;
  /** Absent for a decoder only. */
  compressNs?: number;
  decompressNs: number;
}

export interface SampleFigures {
  name: string;
  gunzipNs: number;
  gzipBytes: number;
  levels: LevelFigures[];
  /** Why this sample was not measured (a round trip that failed, an error). */
  failed?: string;
}

export type CandidateAnswer = { loaded: false; why: string } | { loaded: true; loadMs: number; samples: SampleFigures[] };

const same = (a: Uint8Array, b: Uint8Array) =>
  a.byteLength === b.byteLength && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;

async function run(job: CandidateJob): Promise<CandidateAnswer> {
  const candidate = CANDIDATES.find((entry) => entry.id === job.candidate);
  if (!candidate) return { loaded: false, why: `unknown candidate ${job.candidate}` };
  const started = performance.now();
  let loaded;
  try {
    loaded = await candidate.load();
  } catch (error) {
    return { loaded: false, why: `failed to load: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof loaded === 'string') return { loaded: false, why: loaded };
  const loadMs = performance.now() - started;
  // A decoder only reads the chosen build's frames.
  const reference = loaded.compress ? undefined : await loadZstdWasm();
  const time = async (operation: () => unknown) =>
    (await measureOperation(operation, { budgetMs: job.budgetMs, minSamples: 3, jsonBytes: 0, warmupMs: job.budgetMs })).meanNs;

  const samples: SampleFigures[] = [];
  for (const { name, bytes } of job.samples) {
    const gzip = zlib.gzipSync(bytes, { level: 6 });
    const figures: SampleFigures = { name, gunzipNs: await time(() => zlib.gunzipSync(gzip)), gzipBytes: gzip.byteLength, levels: [] };
    try {
      for (const level of job.levels) {
        const compress = loaded.compress;
        const frame = compress ? compress(bytes, level) : reference!.compress(bytes, level);
        if (!same(loaded.decompress(frame), bytes)) throw new Error(`level ${level}: the round trip did not give the input back`);
        figures.levels.push({
          level,
          frameBytes: frame.byteLength,
          ...(compress ? { compressNs: await time(() => compress(bytes, level)) } : {}),
          decompressNs: await time(() => loaded.decompress(frame)),
        });
      }
    } catch (error) {
      figures.failed = error instanceof Error ? error.message : String(error);
    }
    samples.push(figures);
  }
  return { loaded: true, loadMs, samples };
}

void run(workerData as CandidateJob).then((answer) => parentPort!.postMessage(answer));
