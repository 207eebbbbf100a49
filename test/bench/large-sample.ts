/** The bundled tuples repeated to about `bytes` of JSON: the large sample of bench:host's cases. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tuplesSample } from '../support/paths';

export function writeLargeTuplesSample(file: string, bytes: number): string {
  const items = (JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as { items: unknown[] }).items;
  const copies = Math.ceil(bytes / fs.statSync(tuplesSample).size);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ items: Array.from({ length: copies }, () => items).flat() }));
  return file;
}
