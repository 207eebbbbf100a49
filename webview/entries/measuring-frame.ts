/**
 * The measuring frame: a document of its own whose policy allows code generation (as a typical
 * web app's does: 'unsafe-eval') and nothing else: no network, no parent APIs. Dedicated Web
 * Workers made here from a blob: URL inherit that policy, so the codecs that generate code
 * with `new Function` (avsc, protobufjs) run as in a web app. Its strict twin has the same
 * policy without 'unsafe-eval'. It only relays: one fresh worker per job, then terminated; a
 * timing session's worker stays open, beside others, until the session is closed.
 */
import { ChannelClient, ChannelError, isChannelMessage, serve, type Transport } from '../../src/shared/channel';
import { CancelledError } from '../../src/shared/cancelled';
import type { CodecReport } from '../../src/shared/codec-job';
import type { BrowserWorkerMethods, FrameJob, MeasureEvents, MeasureFrameMethods } from '../../src/shared/measure-frame';
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

type WorkerClient = ChannelClient<BrowserWorkerMethods, MeasureEvents>;

/** A fresh Web Worker from the job's script, its stages relayed; or why it could not start. */
function startWorker(params: FrameJob): { client: WorkerClient; stop: () => void } | { error: string } {
  const url = URL.createObjectURL(new Blob([params.workerSource], { type: 'text/javascript' }));
  let worker: Worker;
  try {
    worker = new Worker(url);
  } catch (error) {
    URL.revokeObjectURL(url);
    return { error: `the measuring worker could not start: ${error instanceof Error ? error.message : String(error)}` };
  }
  const client: WorkerClient = new ChannelClient<BrowserWorkerMethods, MeasureEvents>(workerTransport(worker));
  client.on('stage', (stage) => void emit('stage', stage));
  return {
    client,
    stop: () => {
      client.close('done');
      URL.revokeObjectURL(url);
    },
  };
}

async function measureInWorker(params: FrameJob, signal: AbortSignal): Promise<CodecReport> {
  const started = startWorker(params);
  if ('error' in started) return failedReport('crash', started.error);
  try {
    return await started.client.request('measure-codec', params.job, { timeoutMs: params.timeoutMs, signal });
  } catch (error) {
    if (error instanceof CancelledError) return failedReport('cancelled', 'cancelled');
    if (error instanceof ChannelError && error.kind === 'timeout')
      return failedReport('timeout', `no result within ${params.timeoutMs} ms; the measuring worker was stopped`);
    return failedReport('crash', `the measuring worker failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    started.stop();
  }
}

/** Timing sessions' workers, open until closed; each request has the session's timeout. */
const sessions = new Map<number, { client: WorkerClient; stop: () => void; timeoutMs: number }>();
let nextSession = 1;

async function openSession(params: FrameJob, signal: AbortSignal): Promise<MeasureFrameMethods['open-session']['result']> {
  const started = startWorker(params);
  const session = nextSession++;
  if ('error' in started) return { session, opened: { ready: false, error: { stage: 'crash', message: started.error } } };
  const opened = await started.client.request('open-for-slices', params.job, { timeoutMs: params.timeoutMs, signal }).catch((error: unknown) => {
    started.stop();
    throw error;
  });
  if (opened.ready) sessions.set(session, { ...started, timeoutMs: params.timeoutMs });
  else started.stop();
  return { session, opened };
}

function sessionOf(session: number): { client: WorkerClient; timeoutMs: number } {
  const open = sessions.get(session);
  if (!open) throw new Error(`no timing session ${session} is open in this frame`);
  return open;
}

function closeSession(session: number): Record<string, never> {
  sessions.get(session)?.stop();
  sessions.delete(session);
  return {};
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
  'open-session': (params, { signal }) => openSession(params, signal),
  'session-warm': ({ session }, { signal }) => {
    const { client, timeoutMs } = sessionOf(session);
    return client.request('warm-for-slices', null, { timeoutMs, signal });
  },
  'session-slice': ({ session, request }, { signal }) => {
    const { client, timeoutMs } = sessionOf(session);
    return client.request('time-slice', request, { timeoutMs, signal });
  },
  'session-close': ({ session }) => closeSession(session),
});
