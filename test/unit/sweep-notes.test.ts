/**
 * How a sweep says it scaled its sample: facts with codes (scalingNotes), one wording for the
 * CLI, the panel and the Markdown export (sweepNoteText), which a few sentences pin down.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scalingNotes } from '../../src/engine/sweep';
import type { SampleScaling } from '../../src/shared/results';
import { sweepNoteText, type SweepNote } from '../../src/shared/sweep-notes';

/** A plan of sizes holding these many records each, scaled from 120 records at `items`. */
function plan(records: number[], extra: Partial<SampleScaling> = {}): Array<{ scaling: SampleScaling }> {
  return records.map((count) => ({
    scaling: { recordsPath: 'items', sourceRecords: 120, records: count, repeated: count > 120, targetJsonBytes: count * 100, ...extra },
  }));
}

test('sizes within the sample take its first records; above it, fresh or repeated records say so, and what that does to compression', () => {
  const records = { sourceRecords: 120, recordsPath: 'items' };
  assert.deepEqual(scalingNotes([]), []);
  assert.deepEqual(scalingNotes(plan([10, 60])), [{ code: 'first-records', ...records }]);
  assert.deepEqual(scalingNotes(plan([60, 480], { growth: 'fresh' })), [{ code: 'fresh-records', ...records }, { code: 'fresh-compression' }]);
  assert.deepEqual(scalingNotes(plan([60, 480], { growth: 'repeat' })), [{ code: 'repeated-records', ...records }, { code: 'repeat-compression' }]);
  assert.deepEqual(scalingNotes(plan([60, 480], { growth: 'repeat', growthFallback: { code: 'nesting-too-deep', maxDepth: 256 } })), [
    { code: 'repeated-records', ...records },
    { code: 'nesting-too-deep', maxDepth: 256 },
    { code: 'repeat-compression' },
  ]);
});

test('each note in words, with its figures', () => {
  const wording: Array<[SweepNote, RegExp]> = [
    [
      { code: 'first-records', sourceRecords: 12_000, recordsPath: '(root array)' },
      /^scaled from the sample's 12,000 records at \(root array\): every size takes its first records$/,
    ],
    [
      { code: 'fresh-records', sourceRecords: 120, recordsPath: 'items' },
      /^scaled from the sample's 120 records at items: .*add fresh records \(growth: fresh\).*seeded/,
    ],
    [{ code: 'repeated-records', sourceRecords: 120, recordsPath: 'items' }, /larger ones repeat them in order \(growth: repeat\)$/],
    [{ code: 'nesting-too-deep', maxDepth: 256 }, /^the records nest more than 256 levels, .*repeat them instead$/],
    [{ code: 'fresh-compression' }, /ratios at the larger sizes are what data like the sample gets/],
    [{ code: 'repeat-compression' }, /^repeated records favour compression/],
  ];
  for (const [note, expected] of wording) assert.match(sweepNoteText(note), expected, note.code);
});
