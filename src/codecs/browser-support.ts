/** Whether a codec can be measured in a browser, decided from its descriptor alone (no library loaded). */
import { findBuiltinCodec } from './registry';
import type { CodecSource } from '../shared/codec-job';

export function whyNotInBrowser(source: CodecSource): string | undefined {
  if (!('builtin' in source)) return 'codec modules of your own (--codec-module) run in Node only: they are CommonJS files loaded with require';
  const support = findBuiltinCodec(source.builtin)?.browser;
  if (support === 'runs') return undefined;
  if (support) return support.unavailable;
  return `${source.builtin} has no browser entry yet (see src/codecs/browser-codecs.ts)`;
}
