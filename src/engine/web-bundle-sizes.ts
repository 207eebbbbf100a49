/**
 * What each codec's library adds to a web app's bundle, as the build measured it
 * (esbuild-browser.mjs writes dist/browser/bundle-sizes.json beside the bundles): read once per
 * build output and put on each row of a codec the build measured. A codec it did not measure
 * (no browser build) gets no figure; a missing file (an unbuilt checkout) leaves every row
 * without one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WebBundle } from '../shared/results';

interface BundleSizesFile {
  gzipLevel: number;
  bundler: string;
  codecs: Record<string, { minified: number; gzip: number; note: string }>;
}

const read = new Map<string, BundleSizesFile | undefined>();

/** `distDir`: where the Node bundles are (the figures are in its browser/ folder). */
export function webBundleSizesIn(distDir: string): BundleSizesFile | undefined {
  const file = path.join(distDir, 'browser', 'bundle-sizes.json');
  if (!read.has(file)) {
    try {
      read.set(file, JSON.parse(fs.readFileSync(file, 'utf8')) as BundleSizesFile);
    } catch {
      read.set(file, undefined);
    }
  }
  return read.get(file);
}

export function webBundleFields(sizes: BundleSizesFile | undefined, codec: string): { bundleBytes?: number; bundle?: WebBundle } {
  const measured = sizes?.codecs[codec];
  if (!sizes || !measured) return {};
  return {
    bundleBytes: measured.gzip,
    bundle: { minifiedBytes: measured.minified, gzipLevel: sizes.gzipLevel, bundler: sizes.bundler, includes: measured.note },
  };
}
