/**
 * The panel's side of browser measurements: the host sends a codec job; the panel hands it to
 * a measuring frame (made once per address, hidden, sandboxed: scripts only, opaque origin),
 * which runs it in a fresh dedicated Web Worker under the frame's own policy. The panel's page
 * keeps its strict policy: nothing here evaluates code; it only relays.
 */
import { ChannelClient, serve, type Transport } from '../../src/shared/channel';
import { MISSING_RUN_INPUT, type BrowserRunInput, type MeasureEvents, type MeasureFrameMethods, type PanelMeasuringMethods } from '../../src/shared/measure-frame';
import { frameTransport } from '../common/frame-transport';

const frames = new Map<string, Promise<ChannelClient<MeasureFrameMethods, MeasureEvents>>>();

function measuringFrame(url: string, onStage: (stage: MeasureEvents['stage']) => void): Promise<ChannelClient<MeasureFrameMethods, MeasureEvents>> {
  let client = frames.get(url);
  if (!client) {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.className = 'measuring-frame';
    frame.hidden = true;
    frame.src = url;
    client = new Promise((resolve) => {
      frame.addEventListener('load', () => {
        const channel = new ChannelClient<MeasureFrameMethods, MeasureEvents>(frameTransport(frame));
        channel.on('stage', (stage) => onStage(stage));
        resolve(channel);
      }, { once: true });
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

/** Answers the host's 'browser-input' and 'measure-in-browser' requests over the page's channel. */
export function serveBrowserMeasuring(transport: Transport): void {
  const { emit } = serve<PanelMeasuringMethods, MeasureEvents>(transport, {
    'browser-input': (input) => {
      runInput = input;
      return {};
    },
    'measure-in-browser': async ({ frameUrl, inputId, job, timeoutMs }, { signal }) => {
      const input = runInput;
      if (input?.inputId !== inputId) throw Object.assign(new Error('the panel does not hold this run\'s sample (its page was re-created, or the run ended)'), { code: MISSING_RUN_INPUT });
      const frame = await measuringFrame(frameUrl, (stage) => void emit('stage', stage));
      const withBytes = { ...job, sample: { ...job.sample, bytes: input.sampleBytes } };
      return frame.request('measure-codec', { job: withBytes, workerSource: input.workerSource, timeoutMs }, { timeoutMs: timeoutMs + 5_000, signal });
    },
  });
}
