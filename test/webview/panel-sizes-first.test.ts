/**
 * Sizes first in a real Chromium: a real sizes-only pass of the recorded run's sample (the
 * engine's `sizeSample`, as the extension runs it before the speed rounds) fills each pending
 * row's bytes, ratio, round trip and remnants while its speed columns still say it is waiting;
 * the comparison's rows then replace them with the same sizes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sizeSample } from '../../src/engine/compare';
import { formatBytes } from '../../src/shared/format';
import type { SizedResult } from '../../src/shared/sizes';
import { fixture, workerScript } from '../support/paths';
import { assertNoProblems, panelSuite } from './support/suite';
import { resultOf, type RunEvent } from './support/real-run';

const suite = panelSuite();

test("sized rows show their bytes, ratio, round trip and remnants before any speed figure; the comparison's rows replace them with the same bytes", async (t) => {
  const panel = await suite.open(t);
  const [started, ...rest] = suite.run.messages(1);
  const codecs = started!.phase === 'started' ? started!.started.codecs.map((codec) => codec.id) : [];
  const sized: SizedResult[] = [];
  await sizeSample(
    { path: fixture('mixed-sample.json') },
    { codecs: codecs.filter((id) => !id.startsWith('throws')), workerScript, onSized: (row) => row.status === 'sized' && sized.push(row) },
  );
  assert.ok(sized.length >= 7, `${sized.length} sized rows`);
  await panel.deliver(started!);
  for (const row of sized) await panel.deliver({ kind: 'comparison', runId: 1, phase: 'item', item: { type: 'codec-sized', row } } satisfies RunEvent);
  for (const row of sized) {
    const tr = `tr.row-pending[data-codec="${row.codec}"]`;
    assert.equal(await panel.page.textContent(`${tr} td[data-col="bytes"]`), formatBytes(row.bytes), row.codec);
    assert.match((await panel.page.getAttribute(`${tr} td[data-col="bytes"]`, 'title')) ?? '', /^gzip [\d,]+ B, brotli [\d,]+ B/);
    assert.ok(await panel.page.isVisible(`${tr} td[data-col="roundTrip"] .status-dot.${row.roundTrip.status}`), `${row.codec} round trip`);
    assert.ok(await panel.page.isVisible(`${tr} td[data-col="remnants"]`), `${row.codec} remnants`);
    // The speed columns are one cell still waiting, not figures.
    assert.equal(await panel.page.getAttribute(`${tr} td.pending-cell`, 'data-span'), 'encode decode encodeSpeedup decodeSpeedup');
    assert.equal(await panel.page.locator(`${tr} .speedup`).count(), 0);
  }
  // The codec module that throws on encode has no sizes: its row still waits as a whole.
  assert.equal(
    await panel.page.getAttribute('tr.row-pending[data-codec^="throws"] td.pending-cell', 'data-span'),
    'bytes ratio encode decode encodeSpeedup decodeSpeedup roundTrip remnants bundle',
  );

  for (const message of rest.filter((event) => event.phase !== 'finished')) await panel.deliver(message);
  for (const row of sized) {
    const result = rest.map(resultOf).find((candidate) => candidate?.codec === row.codec);
    assert.ok(result?.status === 'completed', row.codec);
    assert.equal(result.bytes, row.bytes, `${row.codec}: the comparison's bytes are the sizes pass's`);
    assert.equal(await panel.page.textContent(`tr.row-completed[data-codec="${row.codec}"] td[data-col="bytes"]`), formatBytes(row.bytes));
  }
  await assertNoProblems(panel);
});
