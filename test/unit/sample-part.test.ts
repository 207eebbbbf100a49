/**
 * A representative part of a large sample (records spread evenly across the file, so a file
 * that changes along its length keeps its mix), through the CLI's `--part-mb`; and the estimate
 * of a comparison's time made from a sizes-only pass's stages, on an injected clock.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { scaleSample, spreadIndices } from '../../src/measurement/scale-sample';
import { estimateRun, SizingClock } from '../../src/engine/run-estimate';
import { measurementSettings } from '../../src/engine/settings';
import type { SizesReport } from '../../src/shared/sizes';
import { cliScript } from '../support/paths';

/** 2,000 records: the first half of one kind, the second of another (a log that changed halfway). */
function changingRecords(): Array<{ id: number; kind: string; payload: string | number[] }> {
  return Array.from({ length: 2_000 }, (_, id) =>
    id < 1_000 ? { id, kind: 'text', payload: `message number ${id}` } : { id, kind: 'numbers', payload: [id, id * 2, id * 3] },
  );
}

test('spread indices start at the first record and step evenly across all of them', () => {
  assert.deepEqual(spreadIndices(10, 3), [0, 3, 6]);
  assert.deepEqual(spreadIndices(5, 5), [0, 1, 2, 3, 4]);
  const indices = spreadIndices(40_000, 1_000);
  assert.equal(indices.length, 1_000);
  assert.ok(
    indices.every((index, i) => i === 0 || index - indices[i - 1]! === 40),
    'one every 40',
  );
  assert.equal(indices.at(-1), 39_960);
});

test("a spread part keeps the file's mix where its first records would not; its JSON size is the part's own", () => {
  const sample = { items: changingRecords() };
  const whole = Buffer.byteLength(JSON.stringify(sample));
  const share = (value: unknown) => {
    const items = (value as { items: Array<{ kind: string }> }).items;
    return items.filter((item) => item.kind === 'numbers').length / items.length;
  };
  const first = scaleSample(sample, { targetJsonBytes: whole / 5 });
  const spread = scaleSample(sample, { targetJsonBytes: whole / 5, pick: 'spread' });
  assert.equal(share(first.value), 0, 'the first fifth is all of the first kind');
  assert.ok(Math.abs(share(spread.value) - 0.5) < 0.05, `spread: ${share(spread.value)} of the second kind`);
  assert.equal(spread.jsonBytes, Buffer.byteLength(JSON.stringify(spread.value)));
  assert.ok(Math.abs(spread.jsonBytes / (whole / 5) - 1) < 0.02, `${spread.jsonBytes} B for a target of ${whole / 5}`);
  assert.deepEqual(
    { pick: spread.scaling.pick, path: spread.scaling.recordsPath, source: spread.scaling.sourceRecords },
    { pick: 'spread', path: 'items', source: 2_000 },
  );
  assert.equal(first.scaling.pick, undefined);
  // A part at least the sample's size is the whole sample, and says nothing of a part.
  const all = scaleSample(sample, { targetJsonBytes: whole * 2, pick: 'spread' });
  assert.equal(all.scaling.records, 2_000);
  assert.equal(all.scaling.pick, undefined);
});

test('compare --part-mb: each row measures the part, said in --json and above the table; message mode refuses it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-part-'));
  const file = path.join(dir, 'log.json');
  fs.writeFileSync(file, JSON.stringify(changingRecords()));
  const run = (...args: string[]) => promisify(execFile)(process.execPath, [cliScript, 'compare', file, '--codecs', 'json,msgpackr,avsc', ...args]);
  const report = JSON.parse((await run('--part-mb', '0.02', '--sizes-only', '--json')).stdout) as SizesReport;
  assert.equal(report.input.scaling?.pick, 'spread');
  assert.equal(report.input.scaling?.sourceRecords, 2_000);
  assert.ok(report.input.records < 2_000 && report.input.records > 100, `${report.input.records} records`);
  assert.ok(Math.abs(report.input.jsonBytes / (0.02 * 2 ** 20) - 1) < 0.05, `${report.input.jsonBytes} B`);
  assert.ok(report.input.profile, 'the part is profiled: its figures are of it');
  for (const row of report.results) assert.equal(row.status, 'sized', row.codec);
  const table = (await run('--part-mb', '0.02', '--sizes-only')).stdout;
  assert.match(table, new RegExp(`a representative part: ${report.input.records} of 2,000 records, spread across the file`));
  await assert.rejects(run('--part-mb', '0.02', '--messages'), (error: { code?: number; stderr?: string }) => {
    assert.equal(error.code, 2);
    assert.match(error.stderr ?? '', /--part-mb takes part of one document/);
    return true;
  });
});

test('the estimate: each codec opens, calls once and checks as its sizes-only job did; each operation is timed for its budget or ten calls', () => {
  let now = 0;
  const clock = new SizingClock(() => now);
  // JSON: opens in 100 ms, 10 ms a call; msgpackr: 200 ms, then 100 ms calls (ten of them outlast a 250 ms budget).
  const job = (codec: string, openMs: number, callMs: number, checkMs: number) => {
    const start = now;
    clock.stage(codec, 'input');
    now = start + openMs;
    clock.stage(codec, 'encode');
    now += callMs;
    clock.stage(codec, 'decode');
    now += callMs;
    clock.stage(codec, 'verify');
    now += checkMs;
    clock.sized(codec);
  };
  job('json', 100, 10, 50);
  job('msgpackr', 200, 100, 50);
  clock.stage('avsc', 'input'); // it never ended: no times, left out
  const times = clock.times();
  assert.deepEqual([...times.keys()], ['json', 'msgpackr']);
  assert.deepEqual(times.get('msgpackr'), { openMs: 200, encodeMs: 100, decodeMs: 100, checkMs: 50 });

  const settings = measurementSettings({});
  const estimate = estimateRun(times, { ...settings, rounds: settings.rounds! })!;
  // Per operation: one call, then the larger of half the 500 ms budget and ten calls; compression a quarter… half the budget.
  const timing = (callMs: number) => 2 * (callMs + Math.max(250, 10 * callMs)) + 250;
  const jsonRound = 120 + timing(10);
  const msgpackrRound = 400 + timing(100);
  const first = jsonRound + 50 + msgpackrRound + 50;
  const later = msgpackrRound + jsonRound;
  assert.equal(estimate.lowMs, first + 2 * later, 'rounds stop from the third');
  assert.equal(estimate.highMs, first + 4 * later, 'or run all five');
  const fixed = estimateRun(times, { ...measurementSettings({ fixedRounds: true }), rounds: 5 })!;
  assert.equal(fixed.lowMs, fixed.highMs);
  assert.equal(estimateRun(new Map([...times].filter(([codec]) => codec !== 'json')), { ...settings, rounds: 5 }), undefined, 'no JSON, no estimate');
});
