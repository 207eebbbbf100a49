/** Which codec a worker loads: a built-in by id, or a module file exporting `prepare`. */
import * as path from 'node:path';

export type CodecSource = { builtin: string } | { modulePath: string };

/** A custom codec module is named after its file until it describes itself. */
export function idFromModulePath(modulePath: string): string {
  return path.basename(modulePath).replace(/\.[cm]?js$/, '');
}
