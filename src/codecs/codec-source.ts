import * as path from 'node:path';

/** A custom codec module is named after its file until it describes itself. */
export function idFromModulePath(modulePath: string): string {
  return path.basename(modulePath).replace(/\.[cm]?js$/, '');
}
