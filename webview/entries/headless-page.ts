/**
 * The CLI's headless page (`--runtimes browser`): in the panel's place, under the same strict
 * policy as the panel (no 'unsafe-eval'), it answers the same measuring conversation as the
 * panel does (webview/common/browser-measuring.ts), over its loopback server instead of VS
 * Code's messaging, and says which browser it is.
 */
import { serve } from '../../src/shared/channel';
import type { HeadlessPageMethods, MeasureEvents } from '../../src/shared/measure-frame';
import { browserMeasuringHandlers, describeBrowser } from '../common/browser-measuring';
import { httpTransport } from '../common/http-transport';

const served = serve<HeadlessPageMethods, MeasureEvents>(httpTransport('channel'), {
  ...browserMeasuringHandlers((stage) => void served.emit('stage', stage)),
  'describe-browser': ({ frameUrls }) => describeBrowser(frameUrls),
});
