/**
 * Fresh records for sweep sizes above the sample's own: made from the profile of the sample's
 * records, path by path, seeded, and built identically wherever they are built.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { profileRecords, MAX_PROFILE_DEPTH } from '../../src/measurement/record-profile';
import { FreshRecords } from '../../src/measurement/fresh-records';
import { recordPlanOf, scaleSample } from '../../src/measurement/scale-sample';
import { seededRandom } from '../../src/measurement/seeded-random';
import { repoRoot } from '../support/paths';

const events = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'events.json'), 'utf8')) as Array<Record<string, unknown>>;
const jsonSize = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Records with known rates: what the fresh ones must keep. */
function craftedRecords(count: number): Array<Record<string, unknown>> {
  const random = seededRandom(7);
  const hex = () =>
    Math.floor(random() * 2 ** 24)
      .toString(16)
      .padStart(6, '0');
  return Array.from({ length: count }, (_, index) => ({
    id: `user-${hex()}`,
    kind: ['a', 'b', 'c'][index % 3],
    score: 10 + Math.floor(random() * 11),
    price: Math.round(random() * 10_000) / 100,
    active: random() < 0.7,
    note: random() < 0.2 ? null : 'ok',
    tags: Array.from({ length: [0, 2, 5][index % 3]! }, () => ['x', 'y'][Math.floor(random() * 2)]),
    ...(random() < 0.3 ? { extra: { depth: 1 } } : {}),
  }));
}

const share = (records: Array<Record<string, unknown>>, test: (record: Record<string, unknown>) => boolean) => records.filter(test).length / records.length;

test('fresh records keep the kinds, rates, ranges, decimals, lengths and alphabets of the records they come from', () => {
  const source = craftedRecords(3_000);
  const generator = new FreshRecords(profileRecords(source));
  const fresh = Array.from({ length: 20_000 }, () => generator.next() as Record<string, unknown>);
  const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 0.03, `${what}: ${a.toFixed(3)} fresh, ${b.toFixed(3)} in the sample`);
  close(
    share(fresh, (r) => 'extra' in r),
    share(source, (r) => 'extra' in r),
    'key presence',
  );
  close(
    share(fresh, (r) => r.note === null),
    share(source, (r) => r.note === null),
    'null rate',
  );
  close(
    share(fresh, (r) => r.active === true),
    share(source, (r) => r.active === true),
    'true rate',
  );
  for (const record of fresh) {
    assert.match(record.id as string, /^user-[0-9a-f]{6}$/, 'the structure of the ids, with their alphabet');
    assert.ok(['a', 'b', 'c'].includes(record.kind as string));
    assert.ok(Number.isInteger(record.score) && (record.score as number) >= 10 && (record.score as number) <= 20);
    const price = record.price as number;
    assert.ok(price >= 0 && price <= 100 && Number(price.toFixed(2)) === price, `${price} has at most two decimals`);
    assert.ok([0, 2, 5].includes((record.tags as unknown[]).length));
  }
  const ids = new Set(fresh.map((record) => record.id));
  assert.ok(ids.size > 0.9 * fresh.length, 'ids rarely repeat: they are made anew, not drawn from the sample');
  assert.ok(fresh.filter((record) => source.some((other) => other.id === record.id)).length < fresh.length / 100);
});

test('events grown past the sample: its own records first, then fresh ones, with the exact JSON size', () => {
  const own = jsonSize(events);
  const scaled = scaleSample(events, { targetJsonBytes: own * 3, growth: 'fresh' });
  const records = scaled.value as Array<Record<string, unknown>>;
  assert.equal(scaled.jsonBytes, jsonSize(records));
  assert.ok(Math.abs(scaled.jsonBytes / (own * 3) - 1) < 0.001);
  assert.deepEqual(records.slice(0, events.length), events);
  assert.deepEqual(scaled.scaling, {
    recordsPath: '(root array)',
    sourceRecords: events.length,
    records: records.length,
    repeated: false,
    targetJsonBytes: own * 3,
    growth: 'fresh',
    freshRecords: records.length - events.length,
  });
  const types = new Set(events.map((event) => event.type));
  for (const record of records.slice(events.length)) {
    assert.deepEqual(Object.keys(record), Object.keys(events[0]!), 'the keys of an event, in order');
    assert.ok(types.has(record.type));
    assert.match(record.id as string, /^evt_[0-9a-f]+$/);
    assert.match(record.timestamp as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/);
  }
  assert.equal(new Set(records.map((record) => record.id)).size > records.length * 0.99, true, 'no whole record comes back');
});

test('the same records on every build, and a plan that only counts agrees with the build', () => {
  const target = jsonSize(events) * 2;
  const first = scaleSample(events, { targetJsonBytes: target, growth: 'fresh' });
  const second = scaleSample(events, { targetJsonBytes: target, growth: 'fresh' });
  assert.equal(JSON.stringify(first.value), JSON.stringify(second.value));
  const plan = recordPlanOf(events, { growth: 'fresh' });
  const count = plan.countFor(target);
  assert.equal(count, first.scaling.records);
  assert.equal(plan.jsonBytesOf(count), first.jsonBytes);
  // The count closest to the target: neither neighbour is closer.
  for (const other of [count - 1, count + 1]) assert.ok(Math.abs(plan.jsonBytesOf(other) - target) >= Math.abs(first.jsonBytes - target));
  assert.equal(plan.countFor(1000), recordPlanOf(events).countFor(1000), 'below the sample, both growths cut it alike');
});

test('a plan that only counts extrapolates past its stated bytes; the build counts exactly, within 1% of it', () => {
  const target = 4 * 2 ** 20;
  const built = scaleSample(events, { targetJsonBytes: target, growth: 'fresh' });
  const plan = recordPlanOf(events, { growth: 'fresh', countedExactly: 64 * 1024 });
  const count = plan.countFor(target);
  assert.ok(Math.abs(count / built.scaling.records - 1) < 0.01, `${count} planned, ${built.scaling.records} built`);
  assert.ok(Math.abs(plan.jsonBytesOf(count) / target - 1) < 0.001);
});

test('records nested deeper than the generator follows grow by repetition, and say why', () => {
  let deep: unknown = 1;
  for (let level = 0; level <= MAX_PROFILE_DEPTH; level++) deep = { a: deep };
  const records = [deep, deep];
  const scaled = scaleSample(records, { targetJsonBytes: jsonSize(records) * 3, growth: 'fresh' });
  assert.equal(scaled.scaling.growth, 'repeat');
  assert.equal(scaled.scaling.repeated, true);
  assert.deepEqual(scaled.scaling.growthFallback, { code: 'nesting-too-deep', maxDepth: 256 });
  assert.equal(scaled.jsonBytes, jsonSize(scaled.value));
});
