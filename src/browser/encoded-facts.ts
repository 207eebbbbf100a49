/**
 * What the host adds to a browser's report: the sizes of the encoded bytes after gzip, brotli
 * and zstd (a browser has no brotli or zstd encoder) and their SHA-256, worked out in a Node
 * worker. Never on the host thread: loading zstd's WebAssembly build alone blocked it for
 * 0.3–0.6 s, and compressing tens of megabytes blocks it for longer
 * (`npm run bench:host`, case 3). Shared by the CLI's headless browser and the panel's.
 */
import { runInWorker, type WorkerFate, type WorkerLimits } from '../engine/worker-launch';
import type { CodecReport } from '../shared/codec-job';

export async function withEncodedFacts(
  report: CodecReport,
  encoded: Uint8Array | undefined,
  limits: Omit<WorkerLimits, 'onStage'>,
): Promise<WorkerFate<CodecReport>> {
  if (report.outcome.status !== 'completed' || !encoded) return { kind: 'answered', value: report };
  const facts = await runInWorker('encoded-facts', { bytes: encoded }, limits);
  if (facts.kind === 'failed') return { kind: 'failed', error: facts.error };
  report.outcome.measurements.compressed = facts.value.compressed;
  report.outcome.measurements.sha256 ??= facts.value.sha256;
  return { kind: 'answered', value: report };
}
