/**
 * Where a bundle is on disk: every Node bundle is built into dist/ side by side, so from inside
 * one of them (`__dirname` is dist/) the others are found by their output names.
 */
import * as path from 'node:path';
import { bundleFile, type BundleName } from '../shared/bundles';

export function bundlePath(name: BundleName, distDir: string = __dirname): string {
  return path.join(distDir, bundleFile(name));
}
