/**
 * Rounds that stop per codec, in a real Chromium on real runs: the header gives the most rounds
 * as a bound and the rule, and each row says how many rounds it took and why it stopped (its
 * speed-up tooltips and its details, beside the table of its rounds). Two runs of three codecs:
 * one whose width no interval can meet (±1%: four rounds would have to agree to about 0.2%), so every
 * codec runs to the most and says how wide it stayed; one whose width is far out of reach the
 * other way (±10⁹), so codecs stop once settled. Not all of them at the minimum: three rounds
 * of 20 ms on a loaded machine gave intervals from 0.00004× (shown 0.000×: no interval at all)
 * to ×14,569; a fourth round narrowed them. Which codec stops when is the engine's (unit test
 * round-stops); here the panel must say of each row what the report says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adaptiveRoundsRule, roundsStoppedText } from '../../src/shared/rounds-text';
import type { CompletedResult } from '../../src/shared/results';
import { recordRunOf, type RecordedRun } from './support/real-run';
import { assertNoProblems, panelSuite, type PanelSuite } from './support/suite';

const CODECS = ['json', 'msgpackr', 'cbor-x'];
const settles = () => recordRunOf({ codecs: CODECS, rounds: 6, settledWithin: 1e9 });
const suite = panelSuite(settles);

const completed = (run: RecordedRun) => run.report.results.filter((row): row is CompletedResult => row.status === 'completed');

/** Delivers the run and checks what the panel says of every row's rounds against the report. */
async function showsRounds(t: Parameters<PanelSuite['open']>[0], run: RecordedRun, most: number): Promise<CompletedResult[]> {
  const panel = await suite.open(t);
  await panel.deliver(...run.messages(1));
  const { settings } = run.report;
  assert.ok(settings.adaptiveRounds, 'the run stops rounds per codec');
  assert.match((await panel.page.textContent('.runtime')) ?? '', new RegExp(` · up to ${most} rounds$`));
  assert.ok((await panel.page.getAttribute('.runtime', 'title'))!.includes(adaptiveRoundsRule(settings)!), "the rule, in the header's tooltip");
  const rows = completed(run);
  assert.deepEqual(rows.map((row) => row.codec).sort(), [...CODECS].sort());
  for (const row of rows) {
    const stopped = row.roundsStopped!;
    assert.ok(stopped, `${row.codec} says why its rounds stopped`);
    assert.equal(stopped.rounds, row.rounds?.length, `${row.codec}: its rounds are the ones it took`);
    const said = roundsStoppedText(stopped, settings);
    if (row.codec !== 'json') {
      assert.ok(
        (await panel.page.getAttribute(`tr[data-codec="${row.codec}"] td[data-col="decodeSpeedup"]`, 'title'))?.includes(`Rounds taken: ${said}`),
        `${row.codec}: the speed-up's tooltip`,
      );
    }
    await panel.page.click(`button[data-details="${row.codec}"]`);
    const details = panel.page.locator('.details-row');
    const terms = await details.locator('dt').allTextContents();
    const values = await details.locator('dd').allTextContents();
    assert.equal(values[terms.indexOf('Rounds taken')], said, `${row.codec}: the details`);
    assert.equal(await details.locator('.rounds-table tbody tr').count(), stopped.rounds, `${row.codec}: one line per round taken`);
    await panel.page.click(`button[data-details="${row.codec}"]`);
  }
  await assertNoProblems(panel);
  return rows;
}

test('a width far out of reach: codecs stop once settled, and say so; JSON went on while they did', async (t) => {
  const rows = await showsRounds(t, suite.run, 6);
  const settled = rows.filter((row) => row.roundsStopped!.why === 'settled');
  assert.ok(settled.length > 0, JSON.stringify(rows.map((row) => [row.codec, row.roundsStopped])));
  for (const row of settled) {
    assert.ok(row.roundsStopped!.rounds >= 3 && row.roundsStopped!.rounds <= 6, row.codec);
    assert.match(roundsStoppedText(row.roundsStopped!, suite.run.report.settings), /^[3-6] rounds, settled \(intervals within (±\d+%|up to ×[\d.]+)\)$/);
  }
  const json = rows.find((row) => row.codec === 'json')!;
  assert.equal(json.roundsStopped!.why, 'baseline');
  assert.equal(json.roundsStopped!.rounds, Math.max(...rows.map((row) => row.roundsStopped!.rounds)), 'JSON is timed in every round any codec is');
});

test('a width no interval meets: each codec runs to the most rounds, and says how wide it stayed against the width', async (t) => {
  const run = await recordRunOf({ codecs: CODECS, rounds: 4, settledWithin: 0.01 });
  const rows = await showsRounds(t, run, 4);
  for (const row of rows.filter((result) => result.codec !== 'json')) {
    assert.deepEqual([row.roundsStopped!.rounds, row.roundsStopped!.why], [4, 'most-rounds'], row.codec);
    assert.match(
      roundsStoppedText(row.roundsStopped!, run.report.settings),
      /^4 rounds, the most \((intervals (±\d+%|up to ×[\d.]+)|no interval), wider than ±1%\)$/,
    );
  }
});
