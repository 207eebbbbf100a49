/**
 * A page's side of browser measurements (the panel's, and the CLI's headless page): the host
 * sends a codec job; the page hands it to a measuring frame (made once per address, hidden,
 * sandboxed: scripts only, opaque origin), which runs it in a fresh dedicated Web Worker under
 * the frame's own policy. The page keeps its strict policy: nothing here evaluates code; it
 * only relays, with the engine's CodecJob and CodecReport typed all the way.
 */
import { ChannelClient, serve, type Handlers, type Transport } from '../../src/shared/channel';
import {
  MISSING_RUN_INPUT,
  type BrowserDescription,
  type BrowserRunInput,
  type FrameJob,
  type MeasureEvents,
  type MeasureFrameMethods,
  type PageJob,
  type PageMeasuringMethods,
} from '../../src/shared/measure-frame';
import { frameTransport } from './frame-transport';

type FrameClient = ChannelClient<MeasureFrameMethods, MeasureEvents>;

const frames = new Map<string, Promise<FrameClient>>();
let onFrameStage: (stage: MeasureEvents['stage']) => void = () => undefined;

function measuringFrame(url: string): Promise<FrameClient> {
  let client = frames.get(url);
  if (!client) {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.className = 'measuring-frame';
    frame.hidden = true;
    frame.src = url;
    client = new Promise((resolve) => {
      frame.addEventListener(
        'load',
        () => {
          const channel: FrameClient = new ChannelClient<MeasureFrameMethods, MeasureEvents>(frameTransport(frame));
          channel.on('stage', (stage) => onFrameStage(stage));
          resolve(channel);
        },
        { once: true },
      );
    });
    frames.set(url, client);
    document.body.appendChild(frame);
  }
  return client;
}

/** The current run's sample and worker script; a new run's replaces it. */
let runInput: BrowserRunInput | undefined;

/**
 * Lets go of the run's sample (up to the browser cap, 64 MiB by default) when the run has
 * ended. A job that comes later all the same is refused, and the host sends the input again.
 */
export function releaseBrowserInput(): void {
  runInput = undefined;
}

/** The handlers of a measuring page; `emitStage` tells the host where the running job is. */
export function browserMeasuringHandlers(emitStage: (stage: MeasureEvents['stage']) => void): Handlers<PageMeasuringMethods> {
  onFrameStage = emitStage;
  return {
    'browser-input': (input) => {
      runInput = input;
      return {};
    },
    'measure-in-browser': async (pageJob, { signal }) => {
      const { frame, params } = await frameJob(pageJob);
      return frame.request('measure-codec', params, { timeoutMs: pageJob.timeoutMs + 5_000, signal });
    },
    'open-timing-session': async (pageJob, { signal }) => {
      const { frame, params } = await frameJob(pageJob);
      return frame.request('open-session', params, { timeoutMs: pageJob.timeoutMs + 5_000, signal });
    },
    'timing-session-warm': async ({ frameUrl, session }, { signal }) => (await measuringFrame(frameUrl)).request('session-warm', { session }, { signal }),
    'timing-session-slice': async ({ frameUrl, session, request }, { signal }) =>
      (await measuringFrame(frameUrl)).request('session-slice', { session, request }, { signal }),
    'timing-session-close': async ({ frameUrl, session }) => (await measuringFrame(frameUrl)).request('session-close', { session }),
  };
}

/** The frame a job goes to, and the job as the frame takes it: with the run's bytes and worker script. */
async function frameJob({ frameUrl, inputId, job, timeoutMs }: PageJob): Promise<{ frame: FrameClient; params: FrameJob }> {
  const input = runInput;
  if (input?.inputId !== inputId)
    throw Object.assign(new Error("the page does not hold this run's sample (it was re-created, or the run ended)"), { code: MISSING_RUN_INPUT });
  const frame = await measuringFrame(frameUrl);
  const withBytes = { ...job, sample: { ...job.sample, bytes: input.sampleBytes } };
  return { frame, params: { job: withBytes, workerSource: input.workerSource, timeoutMs } };
}

/** Which browser this is, and whether each frame's policy lets code generation run. */
export async function describeBrowser(frameUrls: { normal: string; strict: string }): Promise<BrowserDescription> {
  const [normal, strict] = await Promise.all([measuringFrame(frameUrls.normal), measuringFrame(frameUrls.strict)]);
  return {
    userAgent: navigator.userAgent,
    codeGeneration: { normal: await normal.request('code-generation', {}), strict: await strict.request('code-generation', {}) },
  };
}

/** The panel's measuring conversation over the page's channel to the extension host. */
export function serveBrowserMeasuring(transport: Transport): void {
  const served = serve<PageMeasuringMethods, MeasureEvents>(
    transport,
    browserMeasuringHandlers((stage) => void served.emit('stage', stage)),
  );
}
