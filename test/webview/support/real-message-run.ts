/**
 * One real message-mode comparison, recorded as the events the host sends the panel:
 * 2,000 events of schemas/make-events.mjs as a JSON Lines stream, each encoded and decoded as its
 * own message by JSON, Avro, Protocol Buffers, MessagePack and CBOR in real workers, with a zstd
 * dictionary trained by the zstd command where it is installed; js-binary, which has no message
 * mode, is skipped. Announced as the host announces a JSON Lines file: message mode by default.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareMessages } from '../../../src/engine/messages/compare-messages';
import { findBuiltinCodec } from '../../../src/codecs/registry';
import { FAST, repoRoot } from '../../support/paths';
import { type RecordedRun, type RunEvent, recordingInto, replayable } from './real-run';

export const MESSAGE_RUN_CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'js-binary'];
export const STREAM_MESSAGES = 2_000;

export async function recordMessageRun(): Promise<RecordedRun> {
  const { makeEventStream } = (await import(path.join(repoRoot, 'schemas', 'make-event-stream.mjs'))) as { makeEventStream(count: number): string };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-message-run-'));
  const file = path.join(folder, 'events.jsonl');
  fs.writeFileSync(file, makeEventStream(STREAM_MESSAGES));
  try {
    const events: RunEvent[] = [];
    const report = await compareMessages(
      { path: file },
      { ...FAST, rounds: 2, codecs: MESSAGE_RUN_CODECS, compressedMessages: 200, batchSizes: [1, 10, 100], ...recordingInto(events) },
    );
    const started: RunEvent = {
      kind: 'comparison',
      runId: 0,
      phase: 'started',
      started: {
        sampleName: path.basename(file),
        sampleLocation: file,
        codecs: MESSAGE_RUN_CODECS.map((id) => ({ id, label: findBuiltinCodec(id)?.label ?? id, format: findBuiltinCodec(id)?.format ?? '' })),
        settings: report.settings,
        runtime: report.runtime,
        extensionVersion: report.tool.version,
        inferredSchemas: true,
        messages: { byDefault: true },
      },
    };
    return replayable({ report, all: [started, ...events, { kind: 'comparison', runId: 0, phase: 'finished', report }] });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
