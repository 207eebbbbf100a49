/**
 * The charts' colours, the sweep's legend and the allocation figures, in a real Chromium on real
 * runs (a comparison, and a one-size sweep of nine codecs): in each of VS Code's four kinds of
 * theme every colour drawn stands 3:1 from the background and 18 CIELAB units from every other,
 * for normal vision and simulated protanopia, deuteranopia and tritanopia; the legend picks the
 * codecs every plot draws; two libraries of one format are named with it; a row's allocation
 * says what is known, never a bare zero.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { allocationFigure } from '../../src/shared/format';
import { computeVerdict, judge } from '../../src/report/verdict';
import type { CodecResult, CompletedResult } from '../../src/shared/results';
import { tuplesSample } from '../support/paths';
import { colourDistance, contrastRatio, parseColour, VISIONS } from './support/colour-vision';
import type { PanelPage } from './support/panel-harness';
import { resultOf, type RunEvent } from './support/real-run';
import { recordSweep, type RecordedSweep } from './support/sweep-messages';
import { assertNoProblems, panelSuite } from './support/suite';
import type { ThemeName } from './support/themes';

const suite = panelSuite();
/** Nine codecs: one more than the palette's eight colours, and msgpack beside msgpackr, cborg beside cbor-x. */
const CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8', 'msgpack', 'cborg'];
const MIN_CONTRAST = 3;
const MIN_DISTANCE = 18;
let sweep: RecordedSweep | undefined;

before(async () => {
  sweep = await recordSweep(tuplesSample, CODECS, { timeBudgetMs: 5, minSamples: 3, rounds: 1, sizes: [1024] });
});

/** `name=colour name=colour…`, as the charts say what they drew (a canvas has no DOM to read). */
function colourMap(text: string | undefined): Map<string, string> {
  return new Map(
    (text ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
}

async function drawnColours(panel: PanelPage): Promise<{ background: string; sweep: Map<string, string>; bars: Map<string, string> }> {
  const background = String(await panel.page.evaluate('getComputedStyle(document.body).backgroundColor'));
  const sweep = await panel.page.getAttribute('.sweep-charts', 'data-colours');
  const bars = await panel.page.getAttribute('.charts', 'data-colours');
  return { background, sweep: colourMap(sweep ?? undefined), bars: colourMap(bars ?? undefined) };
}

/** Pairs of colours a reader with some vision cannot tell apart, or colours lost on the background. */
function problems(colours: ReadonlyMap<string, string>, background: string): string[] {
  const found: string[] = [];
  const entries = [...colours];
  for (const [name, colour] of entries) {
    const contrast = contrastRatio(parseColour(colour), parseColour(background));
    if (contrast < MIN_CONTRAST) found.push(`${name} ${colour} on ${background}: contrast ${contrast.toFixed(2)}`);
  }
  entries.forEach(([name, colour], index) => {
    for (const [other, otherColour] of entries.slice(index + 1)) {
      for (const vision of VISIONS) {
        const distance = colourDistance(parseColour(colour), parseColour(otherColour), vision);
        if (distance < MIN_DISTANCE) found.push(`${name} ${colour} / ${other} ${otherColour} (${vision}): ΔE ${distance.toFixed(1)}`);
      }
    }
  });
  return found;
}

for (const theme of ['dark', 'light', 'high-contrast', 'high-contrast-light'] as ThemeName[]) {
  test(`${theme}: the charts' colours are told apart, also by colour-blind readers, and stand out from the background`, async (t) => {
    const panel = await suite.open(t);
    await panel.applyTheme(theme);
    await panel.deliver(...suite.run.messages(1), ...sweep!.messages);
    await panel.page.waitForSelector('.sweep-legend-item');
    const { background, sweep: lines, bars } = await drawnColours(panel);
    // The first eight codecs have eight colours; the ninth repeats the first's with a marker of its own.
    const eight = new Map(CODECS.slice(0, 8).map((codec) => [codec, lines.get(codec)!]));
    assert.equal(new Set(eight.values()).size, 8, [...lines].join(' '));
    assert.deepEqual(problems(eight, background), []);
    assert.equal(lines.get('cborg'), lines.get('json'));
    const markers = await panel.page.$$eval('.sweep-legend-item .sweep-swatch', (swatches) => swatches.map((swatch) => swatch.textContent));
    assert.notEqual(markers[8], markers[0]);
    // The comparison's bar charts: encoded, gzip, brotli, zstd side by side; encode beside decode.
    assert.deepEqual([...bars.keys()], ['encoded', 'gzip', 'brotli', 'zstd', 'encode', 'decode']);
    assert.deepEqual(problems(new Map([...bars].slice(0, 4)), background), []);
    assert.notEqual(bars.get('encode'), bars.get('decode'));
    await assertNoProblems(panel);
  });
}

test('the legend picks the codecs every plot draws, from the keyboard too; two libraries of a format are named with it', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...sweep!.messages);
  await panel.page.waitForSelector('.sweep-legend-item');
  const names = await panel.page.$$eval('.sweep-legend-item', (items) => items.map((item) => item.textContent?.slice(1)));
  assert.deepEqual(names, [
    'json',
    'avsc',
    'protobufjs',
    'MessagePack (msgpackr)',
    'CBOR (cbor-x)',
    'bson',
    'v8',
    'MessagePack (@msgpack/msgpack)',
    'CBOR (cborg)',
  ]);
  // The sweep's table calls them the same.
  await panel.page.click('button[data-action="sweep-table"]');
  const tableNames = await panel.page.$$eval('table.sweep-table tbody tr td:first-of-type', (cells) => cells.map((cell) => cell.textContent));
  assert.deepEqual(tableNames, names);
  await panel.page.click('button[data-action="sweep-plots"]');

  const points = async () =>
    Object.fromEntries(
      ((await panel.page.getAttribute('.sweep-charts', 'data-points')) ?? '')
        .split(' ')
        .map((entry) => entry.split(':'))
        .map(([plot, count]) => [plot!, Number(count)]),
    );
  const all = await points();
  // One size: a point per codec on every plot; JSON has no speed-up against itself.
  assert.deepEqual(all, { encode: 9, decode: 9, 'speedup-encode': 8, 'speedup-decode': 8, 'ratio-raw': 9, 'ratio-gzip': 9, 'ratio-brotli': 9 });
  await panel.page.focus('.sweep-legend input[data-codec="bson"]');
  await panel.page.keyboard.press('Space');
  const withoutBson = await points();
  for (const [plot, count] of Object.entries(all)) assert.equal(withoutBson[plot], count - 1, `${plot} drops bson's point`);
  assert.doesNotMatch((await panel.page.getAttribute('.sweep-charts', 'data-shown')) ?? '', /\bbson\b/);
  await panel.page.keyboard.press('Space');
  assert.deepEqual(await points(), all);
  await assertNoProblems(panel);
});

test('a row’s allocation says what is known: the figure, "≥" a lower bound, never a bare zero', async (t) => {
  const panel = await suite.open(t);
  const completed = suite.run.report.results.filter((row): row is CompletedResult => row.status === 'completed');
  // The real run, then the same run as if msgpackr's encode window had seen ArrayBuffer memory
  // freed out of the GC profiler's sight and nothing grow: what gc-window.ts reports then.
  const unseen = (row: CodecResult): CodecResult =>
    row.codec === 'msgpackr' && row.status === 'completed' ? { ...row, encode: { ...row.encode, bytesAllocatedPerCall: 0, allocationLowerBound: true } } : row;
  const hidden = suite.run.messages(2).map((event): RunEvent => {
    const result = resultOf(event);
    if (result) return { ...event, phase: 'item', item: { type: 'codec-result', result: unseen(result) } };
    return event.phase === 'finished' ? { ...event, report: { ...event.report, results: event.report.results.map(unseen) } } : event;
  });
  for (const [runId, messages] of [
    [1, suite.run.messages(1)],
    [2, hidden],
  ] as const) {
    await panel.deliver(...messages);
    for (const row of completed) {
      // Each run is its own entry in the panel's history: this run's row, not the one before.
      const entry = `.run-entry[data-run-id="${runId}"]`;
      const toggle = panel.page.locator(`${entry} tr[data-codec="${row.codec}"] .details-toggle`);
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      // No named function inside: the page has no `__name`, which tsx adds to them.
      const [encode, decode] = await panel.page.$eval(`${entry} tr[data-codec="${row.codec}"] + tr.details-row`, (detailsRow) =>
        ['Encode', 'Decode'].map((term) => [...detailsRow.querySelectorAll('dt')].find((dt) => dt.textContent === term)?.nextElementSibling?.textContent ?? ''),
      );
      const details = { encode: encode!, decode: decode! };
      for (const operation of ['encode', 'decode'] as const) {
        const text = details[operation];
        assert.doesNotMatch(text, /[^\d.,]0 B allocated/, `${row.codec} ${operation}: ${text}`);
        const timing =
          runId === 2 && row.codec === 'msgpackr' && operation === 'encode' ? { bytesAllocatedPerCall: 0, allocationLowerBound: true } : row[operation];
        const figure = allocationFigure(timing);
        if (figure === null)
          assert.match(text, /allocation not measured \(memory freed outside the GC profiler's records/, `${row.codec} ${operation}: ${text}`);
        else assert.ok(text.includes(`, ${figure} allocated per call`), `${row.codec} ${operation}: ${text} (expected ${figure})`);
        if (timing.allocationLowerBound && timing.bytesAllocatedPerCall! >= 1) assert.match(text, /in GC, ≥ /);
      }
    }
  }
  // The cell's tooltip says the same as the details.
  assert.match(
    (await panel.page.getAttribute('.run-entry[data-run-id="2"] tr[data-codec="msgpackr"] td[data-col="encode"]', 'title')) ?? '',
    /allocation not measured \(memory freed outside/,
  );
  await assertNoProblems(panel);
});

test("the speed-up chart draws the verdict's figures for the transport, a whisker over each interval, and marks what the verdict holds tied", async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.waitForSelector('.charts[data-whiskers]');
  const { report } = suite.run;
  const verdict = computeVerdict(report.results, 'size', { settings: report.settings, transport: 'gzip' });
  const judged = judge(report.results, { settings: report.settings, transport: 'gzip' });
  // The bars are the verdict's end-to-end speed-ups with gzip.
  const bars = (await panel.page.getAttribute('.charts', 'data-speedup-bars'))!.split(' | ');
  for (const entry of bars) {
    const [codec, encode] = entry.split(' ');
    const row = judged.rows.find((candidate) => candidate.codec === codec)!;
    const figure = judged.speed(row).encode;
    assert.equal(encode, 'value' in figure ? String(figure.value) : '—', `${codec}: ${entry}`);
  }
  // A whisker for every figure with an interval, each drawn where it says, in the theme's foreground.
  const expected = judged.rows.flatMap((row) =>
    (['encode', 'decode'] as const).filter((operation) => {
      const figure = judged.speed(row)[operation];
      return 'interval' in figure && figure.interval[0] !== figure.interval[1];
    }),
  );
  const whiskers = (await panel.page.getAttribute('.charts', 'data-whiskers'))!
    .split(' ')
    .filter(Boolean)
    .map((entry) => entry.split(',').map(Number));
  assert.equal(whiskers.length, expected.length);
  assert.ok(whiskers.length >= 4, 'a two-round run gives intervals');
  const foreground = parseColour((await panel.page.getAttribute('.charts', 'data-drawn-with'))!);
  const background = parseColour(String(await panel.page.evaluate('getComputedStyle(document.body).backgroundColor')));
  // Each whisker spans its own interval: both ends lie on the one line the linear axis maps values by.
  const ends = whiskers.flatMap(([dataset, index, , x0, x1]) => {
    const codec = bars[index!]!.split(' ')[0];
    const figure = judged.speed(judged.rows.find((candidate) => candidate.codec === codec)!)[dataset === 0 ? 'encode' : 'decode'];
    assert.ok('interval' in figure, `${codec}: a whisker without an interval`);
    assert.ok(x1! >= x0!, `${codec}: the whisker runs from low to high`);
    return [
      { value: figure.interval[0], pixel: x0! },
      { value: figure.interval[1], pixel: x1! },
    ];
  });
  const lowest = ends.reduce((a, b) => (b.value < a.value ? b : a));
  const highest = ends.reduce((a, b) => (b.value > a.value ? b : a));
  assert.ok(highest.pixel - lowest.pixel > 10, 'the intervals spread over the axis');
  const perUnit = (highest.pixel - lowest.pixel) / (highest.value - lowest.value);
  for (const end of ends) assert.ok(Math.abs(lowest.pixel + (end.value - lowest.value) * perUnit - end.pixel) < 1, `${end.value} is drawn at ${end.pixel}`);
  for (const [, , y, , x1] of whiskers) {
    // The right cap, a few pixels above the whisker: only the cap is drawn there.
    const pixel = await panel.page.$eval(
      '.charts figure:nth-of-type(2) canvas',
      (canvas, [x, top]) => {
        const element = canvas as unknown as {
          width: number;
          getBoundingClientRect(): { width: number };
          getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: number[] } };
        };
        const scale = element.width / element.getBoundingClientRect().width;
        const data = element.getContext('2d').getImageData(Math.round(x! * scale) - 1, Math.round(top! * scale), 3, 1).data;
        return [0, 4, 8].map((offset) => `rgb(${data[offset]}, ${data[offset + 1]}, ${data[offset + 2]})`);
      },
      [x1!, y! - 2],
    );
    const nearest = Math.min(...pixel.map((colour) => colourDistance(parseColour(colour), foreground, 'normal')));
    const onBackground = Math.min(...pixel.map((colour) => colourDistance(parseColour(colour), background, 'normal')));
    assert.ok(nearest < onBackground, `the cap at ${x1},${y} is drawn (${pixel.join(' ')})`);
  }
  // Tied bars: the same rows as the verdict's lines, named under the chart and marked on it.
  const tiedOf = (id: string) => {
    const line = verdict.lines.find((entry) => entry.id === id)!;
    return line.code === 'fastest' && line.figures.tied.length > 1 ? line.figures.tied.map((entry) => entry.codec) : [];
  };
  assert.equal(
    await panel.page.getAttribute('.charts', 'data-tied'),
    `encode:${tiedOf('fastest-encode').join(',')} decode:${tiedOf('fastest-decode').join(',')}`,
  );
  if (tiedOf('fastest-encode').length > 0)
    assert.match((await panel.page.textContent('.charts .chart-note')) ?? '', /^Tied, not ranked \(their intervals overlap the leader's\): encode: /);
  // Sent raw: the codec's own speed-ups, as the table's columns.
  await panel.page.selectOption('select.transport-select', 'raw');
  await panel.page.waitForFunction("document.querySelector('.charts figure:nth-of-type(2) figcaption')?.textContent === 'Speed-up against JSON, sent raw'");
  const raw = (await panel.page.getAttribute('.charts', 'data-speedup-bars'))!.split(' | ');
  for (const entry of raw) {
    const [codec, encode, decode] = entry.split(' ');
    const row = judged.rows.find((candidate) => candidate.codec === codec)!;
    assert.deepEqual([encode, decode], [String(row.speedupVsJson?.encode ?? '—'), String(row.speedupVsJson?.decode ?? '—')]);
  }
  await assertNoProblems(panel);
});
