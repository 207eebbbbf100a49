// Types of esbuild-browser.mjs, for the tests that build with it.
import type { BuildOptions, Plugin } from 'esbuild';

export function pbfCompileVersion(pbfVersion: string): Plugin;
export function browserOptions(versions: Record<string, string>, root?: string): BuildOptions;
export const WEB_BUNDLE_GZIP_LEVEL: number;
export function webBundleSize(entry: string, versions: Record<string, string>, root?: string): Promise<{ minified: number; gzip: number }>;
export function webBundleSizes(
  entries: { codecs: Record<string, { entry: string | null; note: string }> },
  versions: Record<string, string>,
  root?: string,
): Promise<{ gzipLevel: number; bundler: string; codecs: Record<string, { minified: number; gzip: number; note: string }> }>;
