/** `payload-lab sweep`: the JSON document's shape, the tables, and usage errors. */
import type { SweepNote } from '../../src/shared/sweep-notes';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliScript, tuplesSample } from '../support/paths';

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [cliScript, ...args], { encoding: 'utf8', timeout: 240_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Quick, one round, a 5 ms warm-up: sizes and notes are asserted here, not times. */
const FAST = ['--quick', '--rounds', '1', '--warmup', '5', '--codecs', 'json,avsc,bson'];

test('sweep --json --limits prints sizes of { jsonBytes, results } with compare rows, and limits', () => {
  const { code, stdout, stderr } = cli(
    'sweep',
    tuplesSample,
    ...FAST,
    '--steps',
    '1k,16k',
    '--json',
    '--limits',
    '--heap-mb',
    '64',
    '--cap-mb',
    '2',
    '--limit-parallel',
    '2',
  );
  assert.equal(code, 0, stderr);
  const document = JSON.parse(stdout) as {
    sizes: Array<{ jsonBytes: number; results: Array<{ codec: string } & Record<string, unknown>> }>;
    growth: unknown[];
    limits: Array<{ codec: string } & Record<string, unknown>>;
    limitSettings: { heapMb: number; observedHeapLimitMb: number; capJsonBytes: number };
    settings: { warmupMs?: number };
  };
  assert.equal(document.sizes.length, 2);
  assert.equal(document.settings.warmupMs, 5, '--warmup, as given');
  assert.ok(document.sizes[0]!.jsonBytes < document.sizes[1]!.jsonBytes);
  const compare = JSON.parse(cli('compare', tuplesSample, ...FAST, '--json').stdout) as { results: Array<Record<string, unknown>> };
  for (const size of document.sizes) {
    assert.deepEqual(
      size.results.map((row) => row.codec),
      ['json', 'avsc', 'bson'],
    );
    for (const [index, row] of size.results.entries()) {
      assert.deepEqual(Object.keys(row).sort(), Object.keys(compare.results[index]!).sort(), `${row.codec}: the same row shape as compare --json`);
    }
  }
  assert.deepEqual(
    document.limits.map((limit) => limit.codec),
    ['json', 'avsc', 'bson'],
    'searched two at a time, listed in order',
  );
  for (const limit of document.limits) {
    for (const key of ['codec', 'encodeMaxJsonBytes', 'decodeMaxJsonBytes', 'failure', 'capped']) assert.ok(key in limit, `limits entries have ${key}`);
    assert.equal(limit.capped, true, `${limit.codec} holds 2 MiB with a 64 MB heap`);
  }
  assert.equal(document.limitSettings.heapMb, 64);
  assert.equal(document.limitSettings.capJsonBytes, 2 * 2 ** 20);
});

test('the table shows each size, the growth slopes and the limits with the heap', () => {
  const { code, stdout, stderr } = cli('sweep', ...FAST, '--steps', '1k,4k,16k', '--limits', '--heap-mb', '64', '--cap-mb', '1');
  assert.equal(code, 0, stderr);
  assert.match(stdout, /── 1008 B of JSON .* the first 19 ──/);
  assert.match(stdout, /── 16\.0 KiB of JSON/);
  assert.match(stdout, /^growth: slope of log\(time per call\)/m);
  assert.match(stdout, /^avsc +\d\.\d\d/m);
  assert.match(stdout, /--max-old-space-size=64 \(V8 reports \d+ MB\)/);
  assert.match(stdout, /^bson +≥ 1\.00 MiB \(cap\) +≥ 1\.00 MiB \(cap\)/m);
});

test('--growth picks how sizes above the sample grow (fresh by default), and the table, notes and --json name it', () => {
  const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as { items: unknown[] };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-sweep-')), 'small.json');
  fs.writeFileSync(file, JSON.stringify({ items: tuples.items.slice(0, 120) }));
  const args = ['sweep', file, '--quick', '--rounds', '1', '--warmup', '5', '--codecs', 'json', '--steps', '32k'];
  const fresh = cli(...args);
  assert.equal(fresh.code, 0, fresh.stderr);
  assert.match(fresh.stdout, /── 32\.0 KiB of JSON .*: \d+ records, the sample's 120 and \d+ fresh ──/);
  assert.match(fresh.stdout, /^note: .*larger ones add fresh records \(growth: fresh\)/m);
  const repeat = cli(...args, '--growth', 'repeat', '--json');
  assert.equal(repeat.code, 0, repeat.stderr);
  const document = JSON.parse(repeat.stdout) as {
    sample: { growth: string };
    notes: SweepNote[];
    sizes: Array<{ scaling: { repeated: boolean; growth: string } }>;
  };
  assert.equal(document.sample.growth, 'repeat');
  assert.deepEqual([document.sizes[0]!.scaling.repeated, document.sizes[0]!.scaling.growth], [true, 'repeat']);
  assert.deepEqual(
    document.notes.map((note) => note.code),
    ['repeated-records', 'repeat-compression'],
  );
  const bad = cli('sweep', '--growth', 'copy');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--growth takes fresh or repeat, got 'copy'/);
});

test('bad steps, sizes and samples exit 2 with what to do', () => {
  const steps = cli('sweep', '--steps', '1x,2');
  assert.equal(steps.code, 2);
  assert.match(steps.stderr, /--steps: '1x' is not a size/);
  const max = cli('sweep', '--max-mb', '4096');
  assert.equal(max.code, 2);
  assert.match(max.stderr, /--max-mb takes at most 1024/);
  const warmup = cli('sweep', '--warmup', 'soon');
  assert.equal(warmup.code, 2);
  assert.match(warmup.stderr, /--warmup takes a whole number of 0 or more, got 'soon'/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-sweep-')), 'single.json');
  fs.writeFileSync(file, '{"id": 1, "owner": {"name": "a"}}');
  const unscalable = cli('sweep', file, ...FAST, '--steps', '1k');
  assert.equal(unscalable.code, 2);
  assert.match(unscalable.stderr, /single\.json: a size sweep scales an array of records.*give a top-level array/);
  const limitsOnly = cli('sweep', file, '--limits-only', '--codecs', 'json');
  assert.equal(limitsOnly.code, 2, 'the limit search says it once, not at every size');
  assert.match(limitsOnly.stderr, /single\.json: a size sweep scales an array of records/);
});
