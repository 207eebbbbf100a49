/**
 * `npx tsx test/bench/annotate-pages.ts`: how long the inspector's byte annotations take for
 * the LAST 4 KiB page of a big encoding: the bundled tuple dataset with its items repeated 50×,
 * encoded as each codec's own `prepare` does.
 * - cold: the first page that far into the bytes (the walk scans everything before it);
 * - warm: the page before it, next (the walk resumes at a checkpoint the cold one saved).
 * Prints the median and minimum of a few runs; absolute times vary between machines and with load.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodecModule } from '../../src/codecs/codec';
import * as cborX from '../../src/codecs/cbor-x';
import * as msgpackr from '../../src/codecs/msgpackr';
import * as protobufjs from '../../src/codecs/protobufjs';
import { median } from '../../src/measurement/stats';
import { annotateEncoding } from '../../src/attribution/annotate-encoding';

const PAGE = 4096;
const REPEAT = 50;
const RUNS = 7;

const tuples = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'schemas', 'tuples.json'), 'utf8')) as { items: unknown[] };
const sample = { items: Array.from({ length: REPEAT }, () => tuples.items).flat() };

const codecs: [string, CodecModule][] = [
  ['msgpackr', msgpackr],
  ['cbor-x', cborX],
  ['protobufjs', protobufjs],
];
for (const [name, codec] of codecs) {
  const prepared = codec.prepare(sample, {});
  const encoded = prepared.encode(prepared.input).slice();
  const last = { start: Math.max(0, encoded.length - PAGE), end: encoded.length };
  const previous = { start: Math.max(0, last.start - PAGE), end: last.start };
  const cold: number[] = [];
  const warm: number[] = [];
  let ranges = 0;
  for (let run = 0; run < RUNS; run++) {
    const bytes = encoded.slice(); // no checkpoints saved for these bytes yet
    let started = performance.now();
    const page = annotateEncoding(prepared.layout, bytes, last);
    cold.push(performance.now() - started);
    started = performance.now();
    annotateEncoding(prepared.layout, bytes, previous);
    warm.push(performance.now() - started);
    if (page.error !== undefined) throw new Error(`${name}: ${page.error}`);
    ranges = page.annotations.length;
  }
  const ms = (times: number[]) => {
    const sorted = times.sort((a, b) => a - b);
    return `${median(sorted).toFixed(1)} ms (min ${sorted[0]!.toFixed(1)})`;
  };
  const size = `${encoded.length} bytes (${(encoded.length / 1e6).toFixed(1)} MB)`;
  console.log(`${name.padEnd(10)} ${size.padStart(24)}: last 4 KiB page ${ms(cold)} cold, ${ms(warm)} warm (${ranges} ranges)`);
}
