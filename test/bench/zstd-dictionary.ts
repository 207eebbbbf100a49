/**
 * `npm run bench:zstd-dictionary`: the dictionary effect on the bundled events (DESIGN.md "Known facts per message"): 2,240 events, each its own message (minified JSON);
 * a 16 KB dictionary trained on the first 80% (zstd --train, level 3) and applied to the other
 * 20%, which it never saw. Prints bytes per held-out message: JSON, zstd alone, zstd with the
 * dictionary (DESIGN.md, zstd 1.5.4 CLI: 447 B, 333 B, 99 B; the CLI adds a 4-byte checksum to
 * each frame, the library does not), and the time per message both ways (amortised over the
 * whole held-out stream, measure.ts). Flags: --train-share 0.8, --dict-bytes 16384, --level 3.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { loadZstd } from '../../src/compression/zstd';
import { dictionaryId, trainZstdDictionary, zstdWithDictionary } from '../../src/compression/zstd-dictionary';
import { findZstdCli, runZstdCli } from '../../src/compression/zstd-cli';
import { measureOperation } from '../../src/worker/measure';
import { formatDuration } from '../../src/shared/format';

const { values } = parseArgs({ options: { 'train-share': { type: 'string' }, 'dict-bytes': { type: 'string' }, level: { type: 'string' } } });
const TRAIN_SHARE = Number(values['train-share'] ?? 0.8);
const DICT_BYTES = Number(values['dict-bytes'] ?? 16_384);
const LEVEL = Number(values.level ?? 3);

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const perMessage = (sizes: readonly number[]) => `${mean(sizes).toFixed(1)} B`;

async function main(): Promise<void> {
  const file = path.resolve(__dirname, '..', '..', 'schemas', 'events.json');
  const events = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown[];
  const messages = events.map((event) => new TextEncoder().encode(JSON.stringify(event)));
  const split = Math.floor(messages.length * TRAIN_SHARE);
  const training = messages.slice(0, split);
  const heldOut = messages.slice(split);

  const cli = findZstdCli();
  const cliVersion = cli ? (await runZstdCli(['--version'])).trim() : 'none';
  const trainStarted = performance.now();
  const dictionary = await trainZstdDictionary(training, DICT_BYTES, { level: LEVEL });
  const trainMs = performance.now() - trainStarted;

  const zstd = await loadZstd();
  if (!zstd.available) throw new Error(zstd.reason);
  const withDictionary = await zstdWithDictionary(dictionary, LEVEL);
  const alone = heldOut.map((message) => zstd.build.compress(message, LEVEL));
  const withDict = heldOut.map((message) => withDictionary.compress(message));
  withDict.forEach((frame, index) => {
    const back = withDictionary.decompress(frame);
    if (Buffer.compare(Buffer.from(back), Buffer.from(heldOut[index]!)) !== 0)
      throw new Error(`held-out message ${index}: the round trip did not give it back`);
  });

  // Per message, over the whole held-out stream: one call = every message once.
  const stream = (operation: (index: number) => unknown) => () => heldOut.forEach((_, index) => operation(index));
  const time = async (operation: () => unknown) => (await measureOperation(operation, { budgetMs: 300, minSamples: 5, jsonBytes: 0 })).meanNs / heldOut.length;
  const times = {
    alone: [await time(stream((index) => zstd.build.compress(heldOut[index]!, LEVEL))), await time(stream((index) => zstd.build.decompress(alone[index]!)))],
    dictionary: [
      await time(stream((index) => withDictionary.compress(heldOut[index]!))),
      await time(stream((index) => withDictionary.decompress(withDict[index]!))),
    ],
  };
  withDictionary.close();

  console.log(
    [
      `schemas/events.json: ${messages.length.toLocaleString('en-US')} events, each its own message; trained on the first ${training.length.toLocaleString('en-US')} (${Math.round(TRAIN_SHARE * 100)}%), measured on the other ${heldOut.length.toLocaleString('en-US')}.`,
      `dictionary: ${dictionary.byteLength.toLocaleString('en-US')} B (asked ${DICT_BYTES.toLocaleString('en-US')}), id ${dictionaryId(dictionary)}, trained by ${cliVersion} at level ${LEVEL} in ${trainMs.toFixed(0)} ms (${cli})`,
      `compressed with ${zstd.build.library} at level ${LEVEL}; per held-out message (mean):`,
      `  JSON                     ${perMessage(heldOut.map((message) => message.byteLength)).padStart(9)}`,
      `  zstd alone               ${perMessage(alone.map((frame) => frame.byteLength)).padStart(9)}   compress ${formatDuration(times.alone[0]!)} / decompress ${formatDuration(times.alone[1]!)} per message`,
      `  zstd with the dictionary ${perMessage(withDict.map((frame) => frame.byteLength)).padStart(9)}   compress ${formatDuration(times.dictionary[0]!)} / decompress ${formatDuration(times.dictionary[1]!)} per message`,
      `DESIGN.md (zstd 1.5.4 CLI, whose frames carry a 4-byte checksum): JSON 447 B, zstd alone 333 B, with the dictionary 99 B.`,
    ].join('\n'),
  );
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
