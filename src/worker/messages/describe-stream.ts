/** What a stream holds, for the run's heading (SampleInfo): read in a worker, as a document's is. */
import { readMessageStream } from '../../input/read-message-stream';
import { profileMessages } from '../../analysis/sample-profile';
import type { SampleInfo } from '../../shared/results';
import type { SampleBytes } from '../../shared/codec-job';
import type { MessagesPlan } from '../../shared/messages';

export function describeMessageStream(sample: SampleBytes, plan: MessagesPlan): SampleInfo {
  const stream = readMessageStream(sample, plan);
  const totalJsonBytes = stream.records.reduce<number>((sum, record) => sum + Buffer.byteLength(JSON.stringify(record), 'utf8'), 0);
  return {
    path: sample.path,
    // Per message: the denominator of every per-message ratio.
    jsonBytes: totalJsonBytes / stream.records.length,
    fileBytes: stream.fileBytes,
    records: stream.records.length,
    kind: sample.kind,
    // Every message its own document: the profile's bytes add up to `totalJsonBytes`.
    profile: profileMessages(stream.records),
    messages: { format: stream.format, count: stream.records.length, totalJsonBytes, skipped: stream.skipped },
  };
}
