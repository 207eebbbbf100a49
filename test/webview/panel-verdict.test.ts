/**
 * The verdict above the table in a real Chromium, on a real run: it waits for the run to end,
 * then names the winners the report's own figures give, and the priority switch changes the
 * pick and survives a reload of the page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletedResult } from '../../src/shared/results';
import { assertNoProblems, panelSuite } from './support/suite';
import { startedWith } from './support/real-run';

const suite = panelSuite();

const completed = () => suite.run.report.results.filter((row): row is CompletedResult => row.status === 'completed');

test('while the run goes on, the verdict waits; once it finishes, it sits above the table with each claim', async (t) => {
  const panel = await suite.open(t);
  const messages = suite.run.messages(1);
  await panel.deliver(...messages.slice(0, -1));
  assert.equal(await panel.page.textContent('.verdict .section-note:not([hidden])'), 'The verdict appears when the run finishes.');
  assert.equal(await panel.page.isVisible('.verdict-pick'), false);
  await panel.deliver(messages.at(-1)!);
  const above = await panel.page.$eval('.verdict', (verdict) =>
    Boolean(verdict.compareDocumentPosition(verdict.ownerDocument.querySelector('table.results')!) & 4),
  );
  assert.equal(above, true, 'the verdict comes before the table');
  // Sizes after gzip, the default transport (what HTTP would use).
  const smallest = completed().reduce((best, row) => (row.compressed.gzip < best.compressed.gzip ? row : best));
  assert.equal(await panel.page.getAttribute('li[data-claim="smallest"]', 'data-codecs'), smallest.codec);
  assert.match(
    (await panel.page.textContent('li[data-claim="smallest"]')) ?? '',
    new RegExp(`^Smallest with gzip: ${smallest.codec}, ${smallest.compressed.gzip.toLocaleString('en-US')} B = `),
  );
  const claims = await panel.page.$$eval('.verdict-claims li', (items) => items.map((item) => item.getAttribute('data-claim')));
  assert.deepEqual(claims, ['smallest', 'fastest-encode', 'fastest-decode', 'not-exact', 'remnants']);
  // The recorded run has two rounds: said once, above the pick, and on no line.
  assert.match(
    (await panel.page.textContent('.verdict-caveats')) ?? '',
    /^Speed figures: the median of 2 rounds[^.]*; with 2 rounds an interval is their range, not a prediction\./,
  );
  assert.doesNotMatch((await panel.page.textContent('.verdict-claims')) ?? '', /range, not a prediction|rounds each|busy/);
  await assertNoProblems(panel);
});

test('the priority switch changes the pick, from the keyboard, and the choice survives a reload', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  assert.match((await panel.page.textContent('.verdict-pick')) ?? '', /^Gzip alone: \d\.\d+× JSON; /);
  await panel.page.focus('select.priority-select');
  await panel.page.selectOption('select.priority-select', 'fidelity');
  const pick = (await panel.page.textContent('.verdict-pick')) ?? '';
  assert.match(pick, /^With gzip, for fidelity: /);
  const chosen = (await panel.page.getAttribute('.verdict-pick', 'data-codecs'))!.split(' ');
  for (const codec of chosen) {
    const row = completed().find((result) => result.codec === codec);
    assert.equal(row?.roundTrip.status, 'exact', `${codec} is an exact round trip`);
    assert.equal(row?.remnants.length, 0, `${codec} leaves no remnants`);
  }
  await panel.page.reload();
  await panel.page.waitForSelector('.verdict-pick:not([hidden])');
  assert.equal(await panel.page.inputValue('select.priority-select'), 'fidelity');
  assert.equal(await panel.page.textContent('.verdict-pick'), pick);
  await assertNoProblems(panel);
});

test('a run that failed before any row shows no verdict', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(suite.run.messages(1)[0]!, { kind: 'comparison', runId: 1, phase: 'failed', message: 'Unexpected token' });
  assert.equal(await panel.page.isVisible('.verdict'), false);
  await assertNoProblems(panel);
});

test('how busy the machine was is said once, above the verdict; on a busy machine no speed-up cell carries ⚠', async (t) => {
  const busy = { measured: true as const, cores: 2, wallMs: 20_000, ownCores: 0.9, otherCores: 1.4, loadAverage: 4.5, busyShare: 0.8, busy: true };
  for (const machineLoad of [busy, { ...busy, otherCores: 0.1, busyShare: 0, busy: false }]) {
    const panel = await suite.open(t);
    const messages = suite.run
      .messages(1)
      .map((message) =>
        message.kind === 'comparison' && message.phase === 'finished'
          ? { ...message, report: { ...message.report, settings: { ...message.report.settings, machineLoad } } }
          : message,
      );
    await panel.deliver(...messages);
    const note = (await panel.page.textContent('.verdict .machine-load')) ?? '';
    const above = await panel.page.$eval('.machine-load', (element) =>
      Boolean(element.compareDocumentPosition(element.ownerDocument.querySelector('.verdict-pick')!) & 4),
    );
    assert.equal(above, true, 'before the pick');
    if (machineLoad.busy) {
      assert.equal(
        note,
        '⚠ Speed figures unreliable: the machine was busy 80% of the run (other processes used 1.4 of 2 cores on average, this run 0.9; load average up to 4.5); sizes are unaffected.',
      );
      assert.equal(await panel.page.locator('.unstable-marker').count(), 0);
      // Said once, above: no line repeats it.
      for (const claim of ['fastest-encode', 'fastest-decode']) assert.doesNotMatch((await panel.page.textContent(`li[data-claim="${claim}"]`)) ?? '', /busy/);
      assert.equal(((await panel.page.textContent('.verdict')) ?? '').match(/busy/g)?.length, 1);
    } else {
      assert.match(note, /^The machine was not busy \(other processes used 0\.1 of 2 cores/);
      assert.doesNotMatch((await panel.page.textContent('.verdict-claims')) ?? '', /busy/);
    }
    await assertNoProblems(panel);
  }
});

test("the transport control: from the keyboard, every line follows it, the run's setting is the default, and the choice survives a reload", async (t) => {
  const panel = await suite.open(t);
  const messages = suite.run.messages(1);
  // The user's setting (payloadLab.transport) arrives with the run: the verdict is for it.
  await panel.deliver(startedWith(messages[0], { transport: 'brotli' }), ...messages.slice(1));
  assert.equal(await panel.page.inputValue('select.transport-select'), 'brotli');
  assert.match((await panel.page.textContent('.verdict-pick')) ?? '', /^Brotli alone: /);
  const brotli = completed().reduce((best, row) => (row.compressed.brotli < best.compressed.brotli ? row : best));
  assert.equal(await panel.page.getAttribute('li[data-claim="smallest"]', 'data-codecs'), brotli.codec);
  // A document has no dictionary to send with: that choice is offered in message mode only.
  assert.equal(await panel.page.$eval('select.transport-select option[value="zstd-dictionary"]', (option) => option.hasAttribute('disabled')), true);
  await panel.page.focus('select.transport-select');
  await panel.page.keyboard.press('ArrowUp');
  await panel.page.keyboard.press('ArrowUp');
  await panel.page.keyboard.press('ArrowUp');
  // Chromium's closed select moves its value with the arrows: brotli → gzip → raw.
  if ((await panel.page.inputValue('select.transport-select')) !== 'raw') await panel.page.selectOption('select.transport-select', 'raw');
  const raw = completed().reduce((best, row) => (row.bytes < best.bytes ? row : best));
  assert.match((await panel.page.textContent('.verdict-pick')) ?? '', /^Sent raw, for size: /);
  assert.match(
    (await panel.page.textContent('li[data-claim="smallest"]')) ?? '',
    new RegExp(`^Smallest sent raw: ${raw.codec}, ${raw.bytes.toLocaleString('en-US')} B = `),
  );
  // Raw: the speed lines are the codec's own speed-ups, as the table's columns.
  assert.match((await panel.page.textContent('li[data-claim="fastest-encode"]')) ?? '', /^Fastest to encode: /);
  await panel.page.selectOption('select.transport-select', 'zstd');
  assert.match((await panel.page.textContent('li[data-claim="fastest-encode"]')) ?? '', /^Fastest to encode end to end with zstd \(encode \+ compress\)/);
  await panel.page.reload();
  await panel.page.waitForSelector('.verdict-pick:not([hidden])');
  assert.equal(await panel.page.inputValue('select.transport-select'), 'zstd');
  assert.match((await panel.page.textContent('.verdict-pick')) ?? '', /^Zstd alone: /);
  await assertNoProblems(panel);
});
