/**
 * The headless runner page (CLI `--runtimes browser`): in the panel's place, under the same
 * strict policy as the panel (no 'unsafe-eval'), it holds the two measuring frames and
 * relays jobs between them and the CLI's loopback server, which is its only connection.
 */
import { ChannelClient } from '../../src/shared/channel';
import { frameTransport } from '../common/frame-transport';
import type { MeasureEvents, MeasureFrameMethods, RelayedReport } from '../../src/shared/measure-frame';

/** What the CLI's server hands out (src/browser/headless-protocol.ts); the job stays opaque here. */
interface HeadlessTask {
  id: number;
  job: { sample: { path: string; kind: string } };
  strict: boolean;
  timeoutMs: number;
}

function loaded(frame: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
}

const post = (url: string, body: BodyInit) => fetch(url, { method: 'POST', body });

async function main(): Promise<void> {
  const normalFrame = document.getElementById('measure') as HTMLIFrameElement;
  const strictFrame = document.getElementById('measure-strict') as HTMLIFrameElement;
  await Promise.all([loaded(normalFrame), loaded(strictFrame)]);
  const frames = {
    normal: new ChannelClient<MeasureFrameMethods, MeasureEvents>(frameTransport(normalFrame)),
    strict: new ChannelClient<MeasureFrameMethods, MeasureEvents>(frameTransport(strictFrame)),
  };
  const workerSource = await (await fetch('measure-worker.js')).text();
  await post(
    'hello',
    JSON.stringify({
      userAgent: navigator.userAgent,
      codeGeneration: { normal: await frames.normal.request('code-generation', {}), strict: await frames.strict.request('code-generation', {}) },
    }),
  );
  let sample: Uint8Array | undefined;
  let current = 0;
  for (const client of Object.values(frames)) client.on('stage', (stage) => void post(`stage?id=${current}`, stage));
  for (;;) {
    const response = await fetch('next');
    if (response.status === 204) continue;
    if (response.status !== 200) return; // the server is done with this page
    const task = (await response.json()) as HeadlessTask;
    sample ??= new Uint8Array(await (await fetch('sample')).arrayBuffer());
    current = task.id;
    const job = { ...task.job, sample: { ...task.job.sample, bytes: sample } };
    let report: RelayedReport;
    try {
      report = await frames[task.strict ? 'strict' : 'normal'].request('measure-codec', { job, workerSource, timeoutMs: task.timeoutMs }, { timeoutMs: task.timeoutMs + 5_000 });
    } catch (error) {
      report = { schema: 'none', notes: [], outcome: { status: 'errored', error: { stage: 'crash', message: `the measuring frame failed: ${error instanceof Error ? error.message : String(error)}` } } };
    }
    if (report.outcome.status === 'completed' && report.outcome.measurements.encoded) {
      await post(`encoded?id=${task.id}`, report.outcome.measurements.encoded as BodyInit);
      delete report.outcome.measurements.encoded;
    }
    await post(`report?id=${task.id}`, JSON.stringify(report));
  }
}

void main().catch((error: unknown) => void post('failed', error instanceof Error ? error.stack ?? error.message : String(error)));
