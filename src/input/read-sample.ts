/**
 * A sample as a worker gets it: its bytes, or the file it reads them from. Parsing is in
 * parse-sample.ts (shared with the browser worker), re-exported here for the Node side.
 */
import * as fs from 'node:fs';
import { SampleInputError } from './parse-sample';

export * from './parse-sample';

/** Reads the file when no bytes are given; a read error becomes an input error naming the file. */
export function sampleBytesOf(sample: { path: string; bytes?: Uint8Array }): Uint8Array {
  if (sample.bytes) return sample.bytes;
  try {
    return fs.readFileSync(sample.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot read it (${code})`;
    throw new SampleInputError(`${sample.path}: ${reason}`, sample.path);
  }
}
