/**
 * "Where the bytes go" in a real Chromium on a real run: a stacked bar per codec the engine
 * could break down, its segments adding up to the row's encoded bytes, drawn to one scale, and
 * the codecs without a walker (v8) named. And the sample's profile with the advice, under the
 * verdict.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeAdvice } from '../../src/report/advice';
import { profileLines } from '../../src/shared/profile-text';
import { BYTE_CATEGORIES, type CompletedResult } from '../../src/shared/results';
import { resultOf, startedWith, type RunEvent } from './support/real-run';
import { panelReport, panelRow, plannedForRuntimes } from '../../src/host/runtime-rows';
import { reportOfRuntimes } from '../../src/engine/runtime-reports';
import { assertNoProblems, panelSuite } from './support/suite';

const suite = panelSuite();

test('a stacked bar per attributed codec: segments add up to the encoded bytes, bars to one scale', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const completed = suite.run.report.results.filter((row): row is CompletedResult => row.status === 'completed');
  const attributed = completed.filter((row) => row.byteAttribution);
  assert.deepEqual(attributed.map((row) => row.codec).sort(), ['avsc', 'bson', 'cbor-x', 'json', 'msgpackr', 'protobufjs']);
  const bars = await panel.page.$$eval('.byte-row', (rows) =>
    rows.map((row) => ({
      codec: row.getAttribute('data-codec'),
      width: row.querySelector('.byte-bar')!.getBoundingClientRect().width,
      track: row.querySelector('.byte-track')!.getBoundingClientRect().width,
      label: row.querySelector('.byte-bar')!.getAttribute('aria-label'),
      segments: [...row.querySelectorAll('.byte-segment')].map((segment) => ({
        category: segment.getAttribute('data-category'),
        bytes: Number(segment.getAttribute('data-bytes')),
      })),
    })),
  );
  assert.deepEqual(bars.map((bar) => bar.codec).sort(), attributed.map((row) => row.codec).sort());
  const largest = Math.max(...attributed.map((row) => row.bytes));
  for (const bar of bars) {
    const row = attributed.find((result) => result.codec === bar.codec)!;
    assert.equal(
      bar.segments.reduce((sum, segment) => sum + segment.bytes, 0),
      row.bytes,
      `${bar.codec}: segments add up`,
    );
    for (const segment of bar.segments) assert.equal(segment.bytes, row.byteAttribution![segment.category as (typeof BYTE_CATEGORIES)[number]]);
    assert.ok(Math.abs(bar.width / bar.track - row.bytes / largest) < 0.02, `${bar.codec}: drawn to scale`);
    assert.match(bar.label ?? '', new RegExp(`^${bar.codec}: ${row.bytes.toLocaleString('en-US')} B: `));
  }
  // Avro writes no keys: its bar has no keys segment; JSON's has one.
  assert.equal(
    bars.find((bar) => bar.codec === 'avsc')!.segments.some((segment) => segment.category === 'keys'),
    false,
  );
  assert.equal(
    bars.find((bar) => bar.codec === 'json')!.segments.some((segment) => segment.category === 'keys'),
    true,
  );
  assert.match((await panel.page.textContent('.byte-note')) ?? '', /v8/);
  await assertNoProblems(panel);
});

test('one track and one scale for every bar: equal byte counts draw equal lengths, whatever the label', async (t) => {
  const panel = await suite.open(t);
  // A run over both runtimes, as the host shows it (runtime-rows.ts): each codec's browser row,
  // `avsc@browser`, under its Node row. Both encode the same bytes (the run checks they do), so
  // their bars must be as long, though the labels differ in length.
  const messages = suite.run.messages(1).flatMap((event): RunEvent[] => {
    if (event.phase === 'started') return [startedWith(event, { codecs: plannedForRuntimes(event.started.codecs, ['node', 'browser']) })];
    const result = resultOf(event);
    if (result) return [event, { ...event, phase: 'item', item: { type: 'codec-result', result: panelRow({ ...result, runtime: 'browser' }) } }];
    if (event.phase === 'finished')
      return [
        {
          ...event,
          report: panelReport(
            reportOfRuntimes(
              { node: event.report, browser: { ...event.report, results: event.report.results.map((row) => ({ ...row, runtime: 'browser' as const })) } },
              'Chromium',
            ),
          ),
        },
      ];
    return [event];
  });
  await panel.deliver(...messages);
  const bars = await panel.page.$$eval('.byte-row', (rows) =>
    rows.map((row) => {
      const bar = row.querySelector('.byte-bar')!.getBoundingClientRect();
      const track = row.querySelector('.byte-track')!.getBoundingClientRect();
      return {
        codec: row.getAttribute('data-codec')!,
        left: bar.left,
        width: bar.width,
        trackLeft: track.left,
        trackWidth: track.width,
        label: row.querySelector('.byte-codec')!.textContent,
      };
    }),
  );
  const attributed = suite.run.report.results.filter((row): row is CompletedResult => row.status === 'completed' && row.byteAttribution !== undefined);
  assert.equal(bars.length, attributed.length * 2);
  // Every bar starts at the same x, on tracks of one width.
  assert.deepEqual(new Set(bars.map((bar) => bar.left)).size, 1, JSON.stringify(bars));
  assert.deepEqual(new Set(bars.map((bar) => bar.trackWidth)).size, 1);
  for (const row of attributed) {
    const node = bars.find((bar) => bar.codec === row.codec)!;
    const browser = bars.find((bar) => bar.codec === `${row.codec}@browser`)!;
    assert.ok(browser.label!.length > node.label!.length);
    assert.ok(Math.abs(node.width - browser.width) < 0.5, `${row.codec}: ${node.width} px, ${browser.codec}: ${browser.width} px for ${row.bytes} B each`);
  }
  // One scale: pixels per byte are the same for every bar (to a pixel of rounding).
  const largest = Math.max(...attributed.map((row) => row.bytes));
  for (const bar of bars) {
    const bytes = attributed.find((row) => bar.codec.replace('@browser', '') === row.codec)!.bytes;
    assert.ok(
      Math.abs(bar.width - (bytes / largest) * bar.trackWidth) < 1,
      `${bar.codec}: ${bar.width} px for ${bytes} B of ${largest} B on ${bar.trackWidth} px`,
    );
  }
  await assertNoProblems(panel);
});

test('the sample’s profile shows once it is read, the advice once the run finishes, under the verdict', async (t) => {
  const panel = await suite.open(t);
  const messages = suite.run.messages(1);
  const read = messages.findIndex((message) => message.phase === 'item' && message.item.type === 'sample-read');
  await panel.deliver(...messages.slice(0, read + 1));
  const { report } = suite.run;
  assert.deepEqual(await panel.page.$$eval('.profile-lines li', (items) => items.map((item) => item.textContent)), profileLines(report.input));
  assert.equal(await panel.page.isVisible('.advice-list'), false);
  await panel.deliver(...messages.slice(read + 1));
  // The advice the report's own figures give: none for this small mixed sample (no key is
  // repeated 3 times on average, too few doubles, gzip does not beat the binary formats).
  const expected = computeAdvice(report.results, report.input);
  assert.deepEqual(
    await panel.page.$$eval('.advice-list li', (items) => items.map((item) => item.textContent)),
    expected.map((item) => item.text),
  );
  assert.equal(await panel.page.isVisible('.advice-title'), expected.length > 0);
  const order = await panel.page.$eval('.sample-advice', (section) => ({
    afterVerdict: Boolean(section.ownerDocument.querySelector('.verdict')!.compareDocumentPosition(section) & 4),
    beforeTable: Boolean(section.compareDocumentPosition(section.ownerDocument.querySelector('table.results')!) & 4),
  }));
  assert.deepEqual(order, { afterVerdict: true, beforeTable: true });
  await assertNoProblems(panel);
});
