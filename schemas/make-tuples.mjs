// Writes schemas/tuples.json: the published benchmark's "tuple" dataset,
// {"items":[{"x":int32,"y":double,"z":double},…]}, grown until its minified JSON reaches 1 MB.
//
// Usage: node schemas/make-tuples.mjs [output path]   (default: tuples.json beside this script)
// Deterministic: the same steps always give the same bytes, and the tests check that.
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The benchmark's seed rows, as [x, y, z]. */
export const SEED_TUPLES = [
  [1, 4.1040000000000004, 1.1009999999999994],
  [2, 4.371033333333333, 0.36703333333333266],
  [3, 5.171833333333334, 0.4337666666666671],
  [4, 6.473133333333333, 0.36703333333333354],
];

export const TARGET_BYTES = 1_000_000;

/**
 * Each step shifts the first eighth of the list by (+1, +1/3, +1/3) and appends it, as the
 * benchmark does; growth stops at the first step whose JSON is at least `targetBytes`.
 */
export function makeTuplesJson(targetBytes = TARGET_BYTES) {
  const list = SEED_TUPLES.map((tuple) => [...tuple]);
  for (;;) {
    const grown = list.slice(0, Math.round(list.length / 8)).map(([x, y, z]) => [x + 1, y + 1 / 3, z + 1 / 3]);
    list.push(...grown);
    const json = JSON.stringify({ items: list.map(([x, y, z]) => ({ x, y, z })) });
    if (Buffer.byteLength(json, 'utf8') >= targetBytes) return json;
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const output = process.argv[2] ?? fileURLToPath(new URL('./tuples.json', import.meta.url));
  const json = makeTuplesJson();
  writeFileSync(output, json);
  console.log(`wrote ${output}: ${Buffer.byteLength(json, 'utf8')} bytes`);
}
