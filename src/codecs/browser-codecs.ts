/**
 * Each codec's browser entry, loaded lazily inside its Web Worker (the browser counterpart of
 * load-codec.ts). A codec whose module uses nothing Node-only is listed in portable-codecs.ts;
 * one that does gets a browser module of its own (json-browser.ts). A codec added to the registry
 * with `browser: 'runs'` is listed here too; the bundle's libraries resolve through their
 * packages' browser entries (esbuild `platform: 'browser'`).
 */
import type { CodecModule } from './codec';
import { portableCodecModules } from './portable-codecs';

export const browserCodecModules: Record<string, () => Promise<CodecModule>> = {
  json: () => import('./json-browser'),
  ...portableCodecModules,
};
