/** Export of a sweep: CSV and Markdown carry the numbers the panel plots, JSON is the CLI's document. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { sweepSample } from '../../src/engine/sweep';
import { renderSweep } from '../../src/report/sweep-export';
import { FAST, tuplesSample } from '../support/paths';

test('CSV has a row per size and codec with its ratios and times; Markdown a table per size and the growth', async () => {
  const report = await sweepSample({ path: tuplesSample }, { ...FAST, codecs: ['json', 'avsc'], sizes: [1024, 8 * 1024, 32 * 1024] });
  const withLimits = {
    ...report,
    limits: [{ codec: 'avsc', label: 'Avro (avsc)', encodeMaxJsonBytes: 2 ** 20, decodeMaxJsonBytes: 2 ** 20, failure: null, capped: true, trials: 1 }],
    limitSettings: { heapMb: 64, observedHeapLimitMb: 112, capJsonBytes: 2 ** 20, timeoutMs: 1000 },
  };
  const [header, ...lines] = renderSweep(withLimits, 'csv').trim().split('\n');
  const columns = header!.split(',');
  const rows = lines.slice(0, lines.indexOf('')).map((line) => Object.fromEntries(line.split(',').map((cell, index) => [columns[index], cell])));
  assert.equal(rows.length, 3 * 2);
  for (const size of report.sizes) {
    for (const result of size.results) {
      const row = rows.find((candidate) => Number(candidate['json_bytes']) === size.jsonBytes && candidate['codec'] === result.codec);
      assert.ok(row && result.status === 'completed');
      assert.equal(Number(row['ratio']), result.ratio);
      assert.equal(Number(row['encode_ns']), result.encode.meanNs);
      assert.ok(Math.abs(Number(row['gzip_ratio']) - result.compressed.gzip / size.jsonBytes) < 1e-5);
    }
  }
  assert.match(lines.slice(lines.indexOf('') + 1).join('\n'), /^codec,encode_max_json_bytes.*\navsc,1048576,1048576,true,/);
  const markdown = renderSweep(withLimits, 'markdown');
  assert.equal(markdown.match(/^## .* of JSON/gm)?.length, 3);
  assert.match(markdown, /## Growth[\s\S]*\| avsc \| (-?\d\.\d\d|—)/);
  assert.match(
    markdown,
    /## Limits \(heap: 64 MB, V8 reports 112 MB; cap 1\.00 MiB; each size repeats the sample's records\)[\s\S]*\| avsc \| ≥ 1\.00 MiB \(cap\) \| ≥ 1\.00 MiB \(cap\) \| — \|/,
  );
  assert.deepEqual(JSON.parse(renderSweep(report, 'json')), JSON.parse(JSON.stringify(report)));
});

test('a sweep grown with fresh records says so: CSV counts them per size, Markdown in the heading and the notes', async () => {
  const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as { items: unknown[] };
  const sample = { path: 'small.json', bytes: Buffer.from(JSON.stringify({ items: tuples.items.slice(0, 120) })) };
  const report = await sweepSample(sample, { ...FAST, codecs: ['json'], sizes: [2 * 1024, 32 * 1024] });
  const [header, ...lines] = renderSweep(report, 'csv').trim().split('\n');
  const column = header!.split(',').indexOf('fresh_records');
  assert.deepEqual(
    lines.map((line) => Number(line.split(',')[column])),
    [0, report.sizes[1]!.scaling.records - 120],
  );
  const markdown = renderSweep(report, 'markdown');
  assert.match(markdown, /^- scaled from the sample's 120 records at items: .*add fresh records \(growth: fresh\)/m);
  assert.match(markdown, /^## 32\.0 KiB of JSON \([\d,]+ records, [\d,]+ of them fresh\)$/m);
  assert.equal(JSON.parse(renderSweep(report, 'json')).sample.growth, 'fresh');
});
