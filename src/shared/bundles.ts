/**
 * Every bundle the build makes, where it runs, and the file it becomes under dist/: the one list
 * esbuild.mjs builds from (it reads bundles.json) and the launchers name their scripts by, so a
 * renamed entry or output cannot leave a launcher pointing at a file that is not built. A test
 * checks that every file of src/entries/ and webview/entries/ is listed here.
 */
import table from './bundles.json';

export type BundleName =
  | 'extension'
  | 'cli'
  | 'codec-worker'
  | 'cached-worker'
  | 'codec-process'
  | 'sweep-process'
  | 'probe-process'
  | 'limit-process'
  | 'browser-measure-worker'
  | 'panel'
  | 'panel-styles'
  | 'measuring-frame'
  | 'headless-page';

export interface Bundle {
  bundle: BundleName;
  /** Its entry point, from the repository's root. */
  entry: string;
  /** The runtime it runs in, in words. */
  runs: string;
  /** Its file, relative to dist/. */
  out: string;
}

export const BUNDLES = table as Bundle[];

/** The output file of a bundle, relative to dist/. */
export function bundleFile(name: BundleName): string {
  const found = BUNDLES.find((bundle) => bundle.bundle === name);
  if (!found) throw new Error(`no bundle named ${name} in src/shared/bundles.json`);
  return found.out;
}
