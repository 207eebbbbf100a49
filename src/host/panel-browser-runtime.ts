/**
 * The browser runtime of the extension: the results panel is the page that measures (see
 * browser/browser-measuring-runtime.ts); a hidden panel's page and its workers are re-created.
 */
import { browserMeasuringRuntime, type BrowserMeasuringOptions } from '../browser/browser-measuring-runtime';
import type { MeasuringRuntime } from '../engine/measuring-runtime';
import type { ResultsPanel } from '../panel/results-panel';
import type { MeasuringFrames } from './measuring-frame-server';

export interface PanelBrowserOptions extends Pick<BrowserMeasuringOptions, 'workerSource' | 'sampleBytes' | 'limits'> {
  panel: ResultsPanel;
  frames: MeasuringFrames;
}

export function panelBrowserRuntime(options: PanelBrowserOptions): MeasuringRuntime {
  const { panel, frames, ...rest } = options;
  return browserMeasuringRuntime({
    ...rest,
    page: panel.measuring,
    pageName: 'the panel',
    timeoutHint: "a hidden panel's page and its workers are re-created",
    frameUrls: { normal: frames.frameUrl, strict: frames.strictFrameUrl },
  });
}
