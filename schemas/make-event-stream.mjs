// Writes a JSON Lines stream of web-analytics events, one event (about 450 bytes) per line: the
// events of make-events.mjs (the first 2,240 are schemas/events.json's), as many as asked. For
// message mode (issue 26): `payload-lab messages events-20000.jsonl`. Seeded: the same count
// always gives the same bytes.
//
// Usage: node schemas/make-event-stream.mjs [output path] [count]   (default: events-20000.jsonl, 20000)
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { events } from './make-events.mjs';

export const DEFAULT_COUNT = 20_000;

export function makeEventStream(count = DEFAULT_COUNT) {
  const lines = [];
  for (const event of events()) {
    if (lines.length === count) break;
    lines.push(JSON.stringify(event));
  }
  return `${lines.join('\n')}\n`;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const count = Number(process.argv[3] ?? DEFAULT_COUNT);
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`count must be a whole number ≥ 1, got ${process.argv[3]}`);
  const output = process.argv[2] ?? `events-${count}.jsonl`;
  const text = makeEventStream(count);
  writeFileSync(output, text);
  console.log(`wrote ${output}: ${count} events, ${Buffer.byteLength(text, 'utf8')} bytes`);
}
