/**
 * The corpus of schema changes (test/fixtures/evolution/corpus.json): for each kind, the real
 * decoders (protobufjs, avsc) run on records written by each version, and the labels are the
 * ones the tools' documented rules give that kind: the Schema Registry's mode and the rules
 * that fail per direction, buf breaking's categories (and, where named, its rules).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkSchemaChange } from '../../src/evolution/check-schema-change';
import type { BufCategory, CellVerdict, EvolutionCell, EvolutionReport, ReadingMode, RegistryMode } from '../../src/shared/evolution';

const corpusDir = path.join(__dirname, '..', 'fixtures', 'evolution');

interface Expected {
  change: string;
  registry: { mode: RegistryMode; backward: string[]; forward: string[] };
  buf?: BufCategory[];
  bufRules?: string[];
  data: { backward: CellVerdict; forward: CellVerdict };
  needs?: { backward: ReadingMode; forward: ReadingMode };
  disagreement?: { backward?: string; forward?: string };
  sample?: string;
}

const corpus = JSON.parse(fs.readFileSync(path.join(corpusDir, 'corpus.json'), 'utf8')) as { kinds: Record<string, Expected> };

async function run(kind: string, expected: Expected): Promise<EvolutionReport> {
  const extension = kind.startsWith('avro/') ? 'avsc' : 'proto';
  const versions = ['old', 'new'].map((label) => {
    const file = path.join(corpusDir, kind, `${label}.${extension}`);
    return { path: file, text: fs.readFileSync(file, 'utf8') };
  });
  const samplePath = expected.sample && path.join(corpusDir, kind, expected.sample);
  const sample = samplePath ? { path: samplePath, value: JSON.parse(fs.readFileSync(samplePath, 'utf8')) as unknown } : undefined;
  const result = await checkSchemaChange({ versions, generate: { count: 60, seed: 1 }, ...(sample ? { sample } : {}) });
  assert.equal(result.status, 'completed', JSON.stringify(result));
  return (result as { report: EvolutionReport }).report;
}

const cell = (report: EvolutionReport, writer: number, reader: number): EvolutionCell =>
  report.cells.find((each) => each.writer === writer && each.reader === reader)!;
const rulesOf = (findings: { rule: string }[]) => [...new Set(findings.map((finding) => finding.rule))].sort();

test('the corpus holds at least 20 kinds of change for proto3, proto2 and Avro each', () => {
  const kinds = Object.keys(corpus.kinds);
  for (const group of ['proto3/', 'proto2/', 'avro/']) assert.ok(kinds.filter((kind) => kind.startsWith(group)).length >= 20, group);
  for (const kind of kinds) assert.ok(fs.existsSync(path.join(corpusDir, kind)), `${kind} has a folder`);
});

for (const [kind, expected] of Object.entries(corpus.kinds)) {
  test(`${kind}: ${expected.change}`, async () => {
    const report = await run(kind, expected);
    const pair = report.pairs[0]!;
    assert.equal(pair.registry.mode, expected.registry.mode, 'Schema Registry mode');
    assert.deepEqual(rulesOf(pair.registry.backward), [...expected.registry.backward].sort(), 'rules failing BACKWARD');
    assert.deepEqual(rulesOf(pair.registry.forward), [...expected.registry.forward].sort(), 'rules failing FORWARD');
    if (expected.buf) assert.deepEqual(pair.buf?.breaks, expected.buf, 'buf breaking categories');
    else assert.equal(pair.buf, undefined);
    for (const rule of expected.bufRules ?? [])
      assert.ok(
        pair.buf!.findings.some((finding) => finding.rule === rule),
        `buf rule ${rule}`,
      );

    const [backward, forward] = [cell(report, 0, 1), cell(report, 1, 0)];
    assert.equal(backward.verdict, expected.data.backward, `old data, new reader: ${JSON.stringify(backward.readings)}`);
    assert.equal(forward.verdict, expected.data.forward, `new data, old reader: ${JSON.stringify(forward.readings)}`);
    if (expected.needs) {
      assert.equal(backward.needs.mode, expected.needs.backward, backward.needs.why);
      assert.equal(forward.needs.mode, expected.needs.forward, forward.needs.why);
    }
    for (const [direction, found] of [
      ['backward', backward],
      ['forward', forward],
    ] as const) {
      const which = expected.disagreement?.[direction];
      if (which)
        assert.ok(
          found.disagreements.some((note) => note.includes(which)),
          `${direction}: ${JSON.stringify(found.disagreements)}`,
        );
      else assert.deepEqual(found.disagreements, [], direction);
    }
    // Each version reads its own data back unchanged: the differences are the change's.
    assert.equal(cell(report, 0, 0).verdict, 'equal');
    assert.equal(cell(report, 1, 1).verdict, 'equal');
    const outcome = (verdict: CellVerdict) => (verdict === 'refused' || verdict === 'reinterpreted' ? verdict : 'compatible');
    assert.equal(pair.data.backward, outcome(expected.data.backward));
    assert.equal(pair.data.forward, outcome(expected.data.forward));
  });
}
