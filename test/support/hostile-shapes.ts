/**
 * Small files of hostile shape, generated rather than committed: a few bytes of
 * code stand for 100 KB of brackets. Shared by the CLI tests and `npm run bench:hostile`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface HostileShape {
  name: string;
  /** What it is, for reports. */
  title: string;
  text(): string;
}

/** `[[[…]]]`, `depth` levels: valid JSON of 2 × depth bytes. */
export function nestedArraysText(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** `{"k0":0,"k1":1,…}` with `keys` keys in one object. */
export function wideObjectText(keys: number): string {
  const parts: string[] = [];
  for (let i = 0; i < keys; i++) parts.push(`"k${i}":${i}`);
  return `{${parts.join(',')}}`;
}

export const HOSTILE_SHAPES: readonly HostileShape[] = [
  { name: 'nested-arrays-1000.json', title: '1,000 nested arrays (2 KB)', text: () => nestedArraysText(1_000) },
  { name: 'nested-arrays-50000.json', title: '50,000 nested arrays (100 KB)', text: () => nestedArraysText(50_000) },
  // Just over the 65,535 entries of a 16-bit map header, where msgpackr's and cbor-x's fast paths end.
  { name: 'keys-70000.json', title: '70,000 keys in one object (1.0 MB)', text: () => wideObjectText(70_000) },
];

/** Writes each shape to a fresh temporary folder; returns its path by name. */
export function writeHostileShapes(): Map<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-hostile-'));
  return new Map(
    HOSTILE_SHAPES.map((shape) => {
      const file = path.join(dir, shape.name);
      fs.writeFileSync(file, shape.text());
      return [shape.name, file];
    }),
  );
}
