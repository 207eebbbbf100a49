/**
 * The measuring frame: a document of its own whose policy allows code generation (as a typical
 * web app's does: 'unsafe-eval') and nothing else: no network, no parent APIs. Dedicated Web
 * Workers made here from a blob: URL inherit that policy, so the codecs that generate code
 * with `new Function` (avsc, protobufjs) run as in a web app. Its strict twin has the same
 * policy without 'unsafe-eval'. It only relays: one fresh worker per job, then terminated.
 */
import { ChannelClient, ChannelError, isChannelMessage, serve, type Transport } from '../../src/shared/channel';
import { CancelledError } from '../../src/shared/cancelled';
import type { CodecReport } from '../../src/shared/codec-job';
import type { BrowserWorkerMethods, MeasureEvents, MeasureFrameMethods } from '../../src/shared/measure-frame';
import { workerTransport } from '../measuring-frame/web-worker-transport';

const parentTransport: Transport = {
  send: (message) => window.parent.postMessage(message, '*'),
  listen(onMessage) {
    window.addEventListener('message', (event) => {
      if (event.source === window.parent && isChannelMessage(event.data)) onMessage(event.data);
    });
  },
  end: () => undefined,
};

function failedReport(stage: 'timeout' | 'crash' | 'cancelled', message: string): CodecReport {
  return { schema: 'none', notes: [], outcome: { status: 'errored', error: { stage, message } } };
}

async function measureInWorker(params: MeasureFrameMethods['measure-codec']['params'], signal: AbortSignal): Promise<CodecReport> {
  const url = URL.createObjectURL(new Blob([params.workerSource], { type: 'text/javascript' }));
  let worker: Worker;
  try {
    worker = new Worker(url);
  } catch (error) {
    URL.revokeObjectURL(url);
    return failedReport('crash', `the measuring worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const client = new ChannelClient<BrowserWorkerMethods, MeasureEvents>(workerTransport(worker));
  client.on('stage', (stage) => void emit('stage', stage));
  try {
    return await client.request('measure-codec', params.job, { timeoutMs: params.timeoutMs, signal });
  } catch (error) {
    if (error instanceof CancelledError) return failedReport('cancelled', 'cancelled');
    if (error instanceof ChannelError && error.kind === 'timeout')
      return failedReport('timeout', `no result within ${params.timeoutMs} ms; the measuring worker was stopped`);
    return failedReport('crash', `the measuring worker failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    client.close('done');
    URL.revokeObjectURL(url);
  }
}

function codeGeneration(): { allowed: boolean; error?: string } {
  try {
    // The probe this frame exists for: whether its policy lets `new Function` run.
    // `Function` is typed as callable with anything; this one is our own body, taking nothing.
    return { allowed: (new Function('return true') as () => unknown)() === true };
  } catch (error) {
    return { allowed: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const { emit } = serve<MeasureFrameMethods, MeasureEvents>(parentTransport, {
  'measure-codec': (params, { signal }) => measureInWorker(params, signal),
  'code-generation': () => codeGeneration(),
});
