import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CSV_COLUMNS, csvField, markdownText, renderReport } from '../../src/report/export';
import { computeAdvice } from '../../src/report/advice';
import { reportVerdict, verdictDocument } from '../../src/report/report-verdict';
import { verdictText } from '../../src/report/verdict-words';
import { compareSample } from '../../src/engine/compare';
import { profileLines } from '../../src/shared/profile-text';
import { FAST, sampleFrom } from '../support/paths';
import { remnantCount } from '../../src/analysis/matrix';
import { tableRow } from '../../src/cli/table';
import { RERUN_INTERVAL_PERCENT, type CodecResult, type ComparisonReport, type RoundTrip, type TimingStats } from '../../src/shared/results';
import { speedups, timingStats } from '../support/timing';
import type { NoteFact } from '../../src/shared/results';

const timing = (meanNs: number): TimingStats => timingStats(meanNs);

const base = { library: 'lib', libraryVersion: '1.2.3', schema: 'none' as const, notes: [] as NoteFact[] };

const rows: CodecResult[] = [
  {
    ...base,
    codec: 'json',
    label: 'JSON (baseline)',
    format: 'JSON',
    status: 'completed',
    bytes: 402,
    ratio: 1,
    compressed: { gzip: 311, brotli: 253, zstd: null },
    encode: timing(3700),
    decode: timing(4100),
    speedupVsJson: speedups(1, 1),
    roundTrip: { status: 'exact', differences: [] },
    remnants: [],
  },
  {
    ...base,
    codec: 'avsc',
    label: 'Avro (avsc)',
    format: 'Avro',
    schema: 'inferred',
    status: 'completed',
    bytes: 139,
    ratio: 0.3458,
    compressed: { gzip: 152, brotli: 138, zstd: 140 },
    encode: timing(3667),
    decode: timing(2500),
    speedupVsJson: speedups(1.014, 1.629),
    roundTrip: { status: 'lossy', differences: [{ path: '$.nothing', kind: 'missing-key', detail: 'missing (was null)' }], omittedDifferences: 2 },
    remnants: [
      { path: '$', kind: 'prototype', detail: 'Root' },
      { path: '$.owner', kind: 'prototype', detail: 'Owner' },
      { path: '$.at', kind: 'type-change', detail: 'Long' },
      { path: '$.x', kind: 'rename', detail: 'x → y', omitted: { rename: 4, prototype: 1 } },
    ],
    notes: [{ code: 'avro-empty-arrays-null', count: 1, paths: ['$.empty_list'] }],
  },
  {
    ...base,
    codec: 'evil|codec',
    label: '=HYPERLINK("x")',
    format: 'a <script>alert(1)</script>',
    status: 'errored',
    error: { stage: 'encode', message: 'broke, badly: "quoted"\nsecond line | pipe' },
  },
  { ...base, codec: 'pbf', label: 'pbf', format: 'Protocol Buffers', status: 'skipped', error: { stage: 'prepare', message: 'needs a .proto schema' } },
];

const report: ComparisonReport = {
  tool: { name: 'payload-lab', version: '0.1.0' },
  runtime: { node: '20.20.2', v8: '11.3.244.8-node.38', platform: 'linux-x64' },
  input: { path: '/data/mixed-sample.json', jsonBytes: 402, fileBytes: 508, records: 3, kind: 'json' },
  settings: { rounds: 5, timeBudgetMs: 20, minSamples: 3, targetRme: null, maxBudgets: 1, quick: false },
  results: rows,
};

/** Splits a Markdown table line into cells, honouring `\|` escapes. */
const markdownCells = (line: string) =>
  line
    .slice(2, -2)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/** A small RFC 4180 reader: enough to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  return records;
}

test('JSON export is the --json document and parses back to the same report, with its advice and its verdict as data', () => {
  const text = renderReport(report, 'json');
  const { advice, verdict, ...parsed } = JSON.parse(text) as { advice: unknown; verdict: unknown };
  assert.deepEqual(parsed, report);
  assert.deepEqual(advice, computeAdvice(report.results, report.input));
  assert.deepEqual(verdict, JSON.parse(JSON.stringify(verdictDocument(report))));
  assert.equal((verdict as { transport: string }).transport, 'gzip', 'the default: what HTTP would use');
  assert.ok(text.endsWith('}\n'));
});

test('Markdown export has one table row per codec, each with the header’s column count', () => {
  const lines = renderReport(report, 'markdown')
    .split('\n')
    .filter((line) => line.startsWith('| '));
  assert.equal(lines.length, 2 + rows.length);
  const widths = lines.map((line) => markdownCells(line).length);
  assert.deepEqual(new Set(widths), new Set([15]));
  assert.deepEqual(markdownCells(lines[0]!).slice(4, 7), ['gzip', 'brotli', 'zstd']);
  const avsc = markdownCells(lines[3]!);
  assert.deepEqual(avsc.slice(0, 6), ['avsc', 'Avro', '139 B', '0.346', '152 B', '138 B']);
  assert.equal(avsc[6], '140 B', 'the zstd column');
  assert.equal(markdownCells(lines[2]!)[6], 'not measured', 'a row without a zstd size says so');
  assert.equal(avsc[7], '3.67 µs (3.48 µs–3.85 µs)', 'amortised per call, with the rounds’ range');
  assert.equal(avsc[10], '1.63× (1.55–1.71×)', 'the median speed-up with the rounds’ range');
  assert.equal(avsc[11], '10%, 1.02 kB', 'GC share and allocation per call');
  assert.equal(avsc[13], 'lossy');
  assert.equal(avsc[14], 'prototype ×3, renamed ×4, types', 'counts include what a capped list left out');
  assert.match(renderReport(report, 'markdown'), /5 rounds of 20 ms per codec/);
});

test('Markdown export escapes pipes, markup and line breaks from codec text', () => {
  const markdown = renderReport(report, 'markdown');
  assert.ok(!markdown.includes('<script>'));
  assert.ok(markdown.includes('evil\\|codec'));
  assert.ok(markdown.includes('second line \\| pipe'));
  assert.equal(markdownText('a\nb'), 'a b');
});

test('Markdown export names the stage in the table and lists the message under Errors', () => {
  const markdown = renderReport(report, 'markdown');
  const line = markdown.split('\n').find((l) => l.startsWith('| pbf '))!;
  assert.equal(markdownCells(line)[13], 'skipped at prepare');
  assert.match(markdown, /\*\*Errors\*\*\n\n- evil\\\|codec: errored at encode: broke, badly/);
  assert.match(markdown, /- pbf: skipped at prepare: needs a \.proto schema/);
  assert.match(markdown, /\*\*Notes\*\*\n\n- avsc: arrays always empty in the sample have items typed "null" at \$\.empty\\_list/);
});

test('Markdown export holds the verdict (before the table), the sample profile and the advice of a real run', async () => {
  // Long repeated keys and float32-exact doubles: the advice has something to say (sample-profile.test.ts).
  const records = Array.from({ length: 300 }, (_, i) => ({ measurementIdentifier: i, temperatureReading: i / 4, humidityPercentage: (i % 8) / 2 }));
  const real = await compareSample(sampleFrom(records, 'readings.json'), { ...FAST, rounds: 3, codecs: ['json', 'avsc', 'msgpackr'] });
  for (const priority of ['size', 'speed'] as const) {
    const choice = { priority, transport: 'gzip' as const };
    const markdown = renderReport(real, 'markdown', choice);
    const verdict = verdictText(reportVerdict(real, choice)!, { omit: ['machine-busy'] });
    const at = (text: string) => {
      const index = markdown.indexOf(text);
      assert.notEqual(index, -1, `missing: ${text}`);
      return index;
    };
    // Caveats once, above the pick; then each line before the table.
    for (const caveat of verdict.caveats)
      assert.ok(at('**Verdict**') < at(`\n\n${markdownText(caveat)}\n`) && at(markdownText(caveat)) < at(markdownText(verdict.pick)));
    assert.ok(at('**Verdict**') < at(`\n\n${markdownText(verdict.pick)}\n`), 'the pick leads the verdict');
    for (const entry of verdict.lines) assert.ok(at(`- ${markdownText(entry.text)}\n`) < at('| Codec |'), `${entry.id} comes before the table`);
    assert.ok(at('| Codec | Format | Bytes | Ratio | gzip | brotli | zstd |') > 0, 'the table has the zstd column');
    const profile = profileLines(real.input);
    assert.ok(profile.length >= 4);
    for (const line of profile) assert.ok(at(`- ${markdownText(line)}\n`) > at('**The sample**'));
    const advice = computeAdvice(real.results, real.input);
    assert.deepEqual(
      advice.map((item) => item.id).filter((id) => id === 'repeated-keys' || id === 'float32'),
      ['repeated-keys', 'float32'],
    );
    for (const item of advice) assert.ok(at(`- ${markdownText(item.text)}\n`) > at('**Advice**'));
  }
  const pickOf = (priority: 'size' | 'speed') => verdictText(reportVerdict(real, { priority, transport: 'raw' })!).pick;
  assert.notEqual(pickOf('size'), pickOf('speed'));
  // The JSON export is `--json`'s document: the verdict as data, for the transport chosen.
  const document = JSON.parse(renderReport(real, 'json', { priority: 'size', transport: 'brotli' }));
  assert.equal(document.verdict.transport, 'brotli');
  assert.equal(document.verdict.text.pick, verdictText(reportVerdict(real, { priority: 'size', transport: 'brotli' })!).pick);
  assert.deepEqual(
    document.verdict.lines.map((entry: { id: string }) => entry.id),
    ['smallest', 'fastest-encode', 'fastest-decode', 'not-exact', 'remnants'],
  );
});

test('Markdown footnote says what the panel says of the range under a speed-up: 99% from three rounds, the rounds below', () => {
  const five = renderReport(report, 'markdown');
  assert.equal(RERUN_INTERVAL_PERCENT, 99, "the panel's column descriptions use this figure");
  assert.match(five, new RegExp(`median \\(where a re-run's median is expected, ${RERUN_INTERVAL_PERCENT}%\\)`));
  assert.doesNotMatch(five, /95%/);
  const two = renderReport({ ...report, settings: { ...report.settings, rounds: 2 } }, 'markdown');
  assert.match(two, /vs JSON = JSON's time over the codec's in each round, median \(lowest–highest round\)/);
});

test('Markdown export says the sample was generated rather than giving bytes on disk', () => {
  assert.match(renderReport(report, 'markdown'), /402 B of minified JSON \(508 B on disk\)/);
  const generated = renderReport({ ...report, input: { ...report.input, origin: 'generated' } }, 'markdown');
  assert.match(generated, /402 B of minified JSON \(508 B generated\)/);
});

test('CSV export has the documented columns and one record per codec with raw numbers', () => {
  const records = parseCsv(renderReport(report, 'csv'));
  assert.deepEqual(records[0], [...CSV_COLUMNS]);
  assert.equal(records.length, 1 + rows.length);
  for (const record of records) assert.equal(record.length, CSV_COLUMNS.length);
  const avsc = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, records[2]![i]]));
  assert.equal(avsc['bytes'], '139');
  assert.equal(avsc['zstd_bytes'], '140');
  assert.equal(avsc['encode_mean_ns'], '3667');
  assert.equal(avsc['encode_gc_share'], '0.1');
  assert.equal(avsc['encode_bytes_allocated_per_call'], '1024');
  assert.equal(avsc['decode_speedup_vs_json'], '1.629');
  assert.equal(Number(avsc['decode_speedup_low']), 1.629 * 0.95);
  assert.equal(Number(avsc['decode_speedup_high']), 1.629 * 1.05);
  assert.equal(avsc['differences'], '3');
  assert.equal(avsc['remnants'], '8');
  assert.equal(avsc['remnant_kinds'], 'prototype=3;rename=4;type-change=1');
  const json = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, records[1]![i]]));
  assert.equal(json['zstd_bytes'], '', 'a missing zstd size is an empty field, not "null"');
});

test('CSV export quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
  const records = parseCsv(renderReport(report, 'csv'));
  const evil = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, records[3]![i]]));
  assert.equal(evil['label'], `'=HYPERLINK("x")`);
  assert.equal(evil['error_message'], 'broke, badly: "quoted"\nsecond line | pipe');
  assert.equal(evil['error_stage'], 'encode');
  assert.equal(csvField(-0.5), '-0.5', 'numbers are left as numbers');
  assert.equal(csvField('-rf'), `'-rf`);
});

/** A verdict on nulls (Avro's added, proto3's absent): its words in Markdown and the CLI table, its counts in CSV. */
const NULL_VERDICTS = [
  {
    roundTrip: {
      status: 'nulls-added',
      differences: [{ path: '$[1].b', kind: 'null-added', detail: 'absent in the original, decoded as null' }],
      omittedDifferences: 1203,
      nullsAdded: 1204,
    },
    markdown: '| nulls added at 1,204 paths |',
    table: / nulls \+1,204 /,
    csv: { nulls_added: '1204', nulls_absent: '0' },
  },
  {
    roundTrip: {
      status: 'nulls-absent',
      differences: [{ path: '$[0].b', kind: 'null-absent', detail: 'null in the original, sent as the field left unset (proto3 has no null)' }],
      omittedDifferences: 2,
      nullsAbsent: 3,
    },
    markdown: '| nulls absent at 3 paths |',
    table: / nulls -3 /,
    csv: { nulls_added: '0', nulls_absent: '3' },
  },
] as const satisfies ReadonlyArray<{ roundTrip: RoundTrip; markdown: string; table: RegExp; csv: Record<string, string> }>;

for (const verdict of NULL_VERDICTS) {
  test(`a ${verdict.roundTrip.status} round trip reads as such in Markdown and the CLI table, and counts its nulls in CSV`, () => {
    const avsc = rows[1] as Extract<CodecResult, { status: 'completed' }>;
    const nulls: CodecResult = { ...avsc, roundTrip: structuredClone(verdict.roundTrip) as RoundTrip };
    const withNulls: ComparisonReport = { ...report, results: [rows[0]!, nulls] };
    const markdown = renderReport(withNulls, 'markdown');
    assert.ok(markdown.includes(verdict.markdown), markdown);
    assert.match(tableRow(nulls), verdict.table);
    const [header, , record] = parseCsv(renderReport(withNulls, 'csv'));
    assert.equal(record![header!.indexOf('round_trip')], verdict.roundTrip.status);
    for (const [column, value] of Object.entries(verdict.csv)) assert.equal(record![header!.indexOf(column)], value, column);
  });
}

test('one remnant count for a capped list: the CLI table, the CSV and the panel all say 3 listed + 5 left out', () => {
  const avsc = rows[1]!;
  assert.equal(remnantCount(avsc), 8);
  assert.match(tableRow(avsc), /\s8$/);
  const csv = renderReport(report, 'csv').split('\n');
  const header = csv[0]!.split(',');
  const avscLine = csv.find((line) => line.startsWith('avsc,'))!;
  // The CSV's `remnants` column is a plain number: no quoting to undo.
  assert.equal(avscLine.split(',')[header.indexOf('remnants')], '8');
});

test('a format read on access: its access and firstField beside its decode in a Markdown section and three CSV columns; other runs have no section', () => {
  const avsc = rows[1] as Extract<CodecResult, { status: 'completed' }>;
  const flatbuffers: CodecResult = {
    ...avsc,
    codec: 'flatbuffers',
    label: 'FlatBuffers (flatbuffers)',
    format: 'FlatBuffers',
    decode: timing(2_400_000),
    access: timing(310_000),
    firstField: timing(150),
    firstFieldPath: '$.items[0].x',
  };
  const lazy = { ...report, results: [rows[0]!, flatbuffers] };
  const markdown = renderReport(lazy, 'markdown');
  assert.match(
    markdown,
    /\*\*Read on access\*\* \(per call, first round\): decode builds the plain object \(every field read\) and the Dec\. vs JSON speed-up uses it; access opens the bytes/,
  );
  const line = markdown.split('\n').find((candidate) => candidate.startsWith('| flatbuffers | 2.40 ms | 310'));
  assert.ok(line, markdown);
  assert.deepEqual(markdownCells(line), ['flatbuffers', '2.40 ms', '310.0 µs', '150 ns', '$.items\\[0\\].x']);
  assert.doesNotMatch(renderReport(report, 'markdown'), /Read on access/);
  const records = parseCsv(renderReport(lazy, 'csv'));
  const field = (record: number, column: string) => records[record]![CSV_COLUMNS.indexOf(column as (typeof CSV_COLUMNS)[number])];
  assert.deepEqual([field(2, 'access_mean_ns'), field(2, 'first_field_mean_ns'), field(2, 'first_field_path')], ['310000', '150', '$.items[0].x']);
  assert.deepEqual([field(1, 'access_mean_ns'), field(1, 'first_field_path')], ['', '']);
});
