/**
 * Each codec's browser entry, loaded lazily inside its Web Worker (the browser counterpart of
 * load-codec.ts). A codec whose module uses nothing Node-only is listed in portable-codecs.ts;
 * one that does gets a browser module of its own (json-browser.ts). A codec registered
 * with `browser: 'runs'` must be listed here (the type says so); the bundle's libraries resolve through their
 * packages' browser entries (esbuild `platform: 'browser'`).
 */
import { portableCodecModules } from './portable-codecs';
import type { BrowserCodecId, CodecLoaders } from './registry';

export const browserCodecModules: CodecLoaders<BrowserCodecId> = {
  json: () => import('./json-browser'),
  ...portableCodecModules,
};
