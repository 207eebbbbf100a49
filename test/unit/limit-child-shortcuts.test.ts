/**
 * What a limit process leaves out, and what it still checks, on real libraries: the schema comes
 * from the unscaled sample and the fit walk is skipped on its repeats (same bytes as a full
 * prepare); a decode that returns is checked by record count and sampled records; each size's
 * timeout follows the size before it; a timeout says when the process held most of its heap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { loadCodec } from '../../src/codecs/load-codec';
import { recordPlanOf, scaleSample } from '../../src/measurement/scale-sample';
import { CHECKED_RECORDS, checkDecodedRecords, checkedIndexes } from '../../src/payload-limits/decoded-check';
import { timeoutMessage } from '../../src/payload-limits/limit-failures';
import { lanesFor } from '../../src/payload-limits/run-limits';
import { MIN_SIZE_TIMEOUT_MS, SizeTimeouts, TIMEOUT_MARGIN } from '../../src/payload-limits/size-timeout';
import { tuplesSample } from '../support/paths';

const MiB = 2 ** 20;
const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as { items: unknown[] };

for (const codec of ['avsc', 'protobufjs']) {
  test(`${codec}: the unscaled sample's schema, without the fit walk, encodes a repeated sample to the same bytes`, async () => {
    const { module } = await loadCodec({ builtin: codec });
    const { inferred } = module.prepare(tuples, {});
    assert.ok(inferred !== undefined, 'the codec infers a schema');
    const scaled = scaleSample(tuples, { targetJsonBytes: 3 * MiB });
    assert.equal(scaled.scaling.repeated, true);
    const full = module.prepare(scaled.value, {});
    const short = module.prepare(scaled.value, { inferred, fitsInferred: true });
    assert.deepEqual(Buffer.from(short.encode(short.input)), Buffer.from(full.encode(full.input)));
    assert.equal(short.schemaText, full.schemaText, 'the same schema');
  });

  test(`${codec}: fitsInferred is ignored without an inferred schema (a misfit still fails)`, async () => {
    const { module } = await loadCodec({ builtin: codec });
    const { inferred } = module.prepare({ items: [{ x: 1 }, { x: 2 }] }, {});
    // The schema the unscaled sample gave is still checked when the claim is not made.
    assert.throws(() => module.prepare({ items: [{ x: 'one' }] }, { inferred }), /does not fit/);
    // Without a schema to trust, the claim means nothing: inference and its checks run.
    const prepared = module.prepare({ items: [{ x: 'one' }] }, { fitsInferred: true });
    assert.deepEqual(JSON.parse(JSON.stringify(prepared.decode(prepared.encode(prepared.input)))), { items: [{ x: 'one' }] });
  });
}

test('checked records: the first, the last and evenly between; all of a short array', () => {
  const indexes = checkedIndexes(1_000_003);
  assert.equal(indexes.length, CHECKED_RECORDS);
  assert.equal(indexes[0], 0);
  assert.equal(indexes.at(-1), 1_000_002);
  assert.ok(
    indexes.every((index, at) => at === 0 || index > indexes[at - 1]!),
    'increasing, no repeats',
  );
  assert.deepEqual(checkedIndexes(3), [0, 1, 2]);
});

test('a decode that returned is checked: the right records pass; a lost, wrong or moved record fails', async () => {
  const plan = recordPlanOf(tuples);
  const scaled = scaleSample(tuples, { targetJsonBytes: 2.5 * MiB }, plan);
  const count = scaled.scaling.records;
  const { module } = await loadCodec({ builtin: 'msgpackr' });
  const prepared = module.prepare(scaled.value, {});
  const decoded = () => prepared.decode(prepared.encode(prepared.input)) as { items: Array<Record<string, unknown>> };
  assert.equal(checkDecodedRecords(decoded(), plan.found, count), null);

  const short = decoded();
  short.items.pop();
  assert.match(checkDecodedRecords(short, plan.found, count) ?? '', new RegExp(`decoded ${count - 1} records at items, expected ${count}`));

  const changed = decoded();
  changed.items[count - 1]!['x'] = 'not a number';
  assert.match(
    checkDecodedRecords(changed, plan.found, count) ?? '',
    new RegExp(`record ${count - 1} at items decoded differently \\(\\$ is the record\\): \\$\\.x`),
  );

  // Records in the wrong order: the repeat of record 0 is not where it belongs.
  const shifted = decoded();
  shifted.items.push(shifted.items.shift()!);
  assert.match(checkDecodedRecords(shifted, plan.found, count) ?? '', /record 0 at items decoded differently/);

  assert.match(checkDecodedRecords([1, 2], plan.found, count) ?? '', /no array of records at items/);
});

test('each size gets the time the size before it predicts, with a margin, between a floor and the maximum', () => {
  const timeouts = new SizeTimeouts(300_000);
  assert.equal(timeouts.timeoutFor(MiB), 300_000, 'nothing to predict from: the maximum');
  timeouts.record({ jsonBytes: MiB, ms: 500 });
  assert.equal(timeouts.timeoutFor(2 * MiB), MIN_SIZE_TIMEOUT_MS, 'never under the floor');
  timeouts.record({ jsonBytes: 64 * MiB, ms: 20_000 });
  assert.equal(timeouts.timeoutFor(128 * MiB), TIMEOUT_MARGIN * 40_000, 'scaled from the largest size below');
  assert.equal(timeouts.timeoutFor(96 * MiB), TIMEOUT_MARGIN * 30_000, 'a size between is scaled too');
  assert.equal(timeouts.timeoutFor(512 * MiB), 300_000, 'never over the maximum');
});

test('a timeout says how much the process held, and "near the heap limit" when it held most of it', () => {
  assert.match(
    timeoutMessage(120_000, 3_600, 4_144),
    /^timed out near the heap limit: no answer within 120 s \(the process was stopped holding 3600 MB of a 4144 MB heap limit\)$/,
  );
  assert.match(timeoutMessage(120_000, 900, 4_144), /^timed out: no answer within 120 s \(the process was stopped holding 900 MB of a 4144 MB heap limit\)$/);
  assert.equal(timeoutMessage(60_000, undefined, undefined), 'timed out: no answer within 60 s (the process was stopped)');
});

test('codecs are searched at once only as far as free memory holds each process twice at its heap limit', () => {
  assert.equal(lanesFor(2, undefined, 21_000), 2, 'two default heaps (about 4.2 GB each) in 21 GB free');
  assert.equal(lanesFor(2, undefined, 12_000), 1, 'not in 12 GB');
  assert.equal(lanesFor(4, 512, 3_000), 2, 'small heaps: as many as fit, at most the number asked');
  assert.equal(lanesFor(2, 8_192, 1_000), 1, 'always one');
  assert.equal(lanesFor(1, 256, 64_000), 1, 'never more than asked');
});
