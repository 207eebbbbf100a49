/**
 * The panel following a run in a real Chromium, fed the messages of a real engine run: rows
 * appear pending and fill in one at a time, failures say where and why, stale runs are
 * ignored, and nothing the user's data holds is ever parsed as HTML.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodecResult } from '../../src/shared/results';
import { assertNoProblems, panelSuite } from './support/suite';
import { formatSpeedup } from '../../src/shared/format';
import { resultOf, stageOf, startedWith } from './support/real-run';

const suite = panelSuite();

test('the page says ready on load and shows how to start before any run', async (t) => {
  const panel = await suite.open(t);
  assert.deepEqual(await panel.calls(), ['ready']);
  const empty = await panel.page.textContent('.empty-state');
  assert.match(empty ?? '', /No comparison yet/);
  assert.match(empty ?? '', /Compare Encodings/);
  assert.equal(await panel.page.isVisible('table.results'), false);
  await assertNoProblems(panel);
});

test('planned rows show as pending, fill in one at a time in the first round, and sharpen in the next', async (t) => {
  const panel = await suite.open(t);
  const [started, ...rest] = suite.run.messages(1);
  await panel.deliver(started!);
  const planned = started!.phase === 'started' ? started!.started.codecs.map((codec) => codec.id) : [];
  assert.deepEqual(await panel.rowCodecs(), planned);
  assert.equal(await panel.page.locator('tr.row-pending').count(), planned.length);
  assert.match((await panel.page.textContent('.run-status')) ?? '', /Running round 1 of 2… 0 of 8 codecs done/);

  let pending = planned.length;
  const seen = new Set<string>();
  for (const message of rest.filter((m) => m.phase !== 'finished')) {
    await panel.deliver(message);
    const stage = stageOf(message);
    if (stage?.round === 1) {
      const activity = await panel.page.textContent(`tr[data-codec="${stage.codec}"] .pending-activity`);
      assert.match(activity ?? '', /…$/, `${stage.codec} shows its stage (${stage.stage})`);
    }
    if (stage?.round === 2) {
      assert.match((await panel.page.textContent('.run-status')) ?? '', /^Running round 2 of 2… 8 of 8 codecs shown/);
    }
    const result = resultOf(message);
    if (result) {
      if (!seen.has(result.codec)) pending -= 1;
      seen.add(result.codec);
      assert.equal(await panel.page.locator('tr.row-pending').count(), pending, `pending rows after ${result.codec}`);
      assert.equal(await panel.page.getAttribute(`tr[data-codec="${result.codec}"]`, 'class'), `row-${result.status}`);
    }
  }
  assert.equal(rest.filter((m) => resultOf(m)?.codec === 'avsc').length, 2, 'a row arrives once per round');
  await panel.deliver(rest.at(-1)!);
  assert.match((await panel.page.textContent('.run-status')) ?? '', /Finished: 8 codecs \(1 errored\)/);
  assert.equal(await panel.page.isHidden('section.charts'), false);
  await assertNoProblems(panel);
});

test("a stage message changes its row's activity in place: the table and the charts are not redrawn", async (t) => {
  const panel = await suite.open(t);
  // The comparison's entry (and its charts) exists once its run has started.
  const redraws = async () =>
    Number(
      await panel.page.evaluate(
        () =>
          (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null } }).document
            .querySelector('section.charts')
            ?.getAttribute('data-redraws') ?? 0,
      ),
    );
  // A full render replaces the table's body: a mark set on the body survives only without one.
  const markBody = () =>
    panel.page.$eval('table.results tbody', (body) => {
      (body as unknown as { mark?: boolean }).mark = true;
    });
  const bodyKept = () => panel.page.$eval('table.results tbody', (body) => (body as unknown as { mark?: boolean }).mark === true);
  let inPlace = 0;
  let chartsSeen = 0;
  let resultRedraws = 0;
  let round = 1;
  for (const message of suite.run.messages(1).filter((m) => m.phase !== 'finished')) {
    const before = await redraws();
    const stage = stageOf(message);
    if (stage) await markBody();
    await panel.deliver(message);
    const after = await redraws();
    if (stage) {
      assert.equal(after, before, `${stage.codec} ${stage.stage} (round ${stage.round}) redrew the charts`);
      if (before > 0) chartsSeen += 1;
      const sameRound = stage.round === undefined || stage.round === round;
      if (sameRound) {
        assert.equal(await bodyKept(), true, `${stage.codec} ${stage.stage} (round ${stage.round}) redrew the table`);
        inPlace += 1;
      }
      round = stage.round ?? round;
      if (inPlace === 1) {
        // Nothing on the page animates without end while codecs are measured (a spinning ring
        // had Chromium compose frames for the whole run).
        assert.ok((await panel.page.locator('.pending-cell.running .spinner').count()) > 0, 'pending rows show their ring');
        await panel.page.emulateMedia({ reducedMotion: 'no-preference' }); // the suite's pages ask for reduced motion
        const endless = await panel.page.evaluate(
          () =>
            (globalThis as unknown as { document: { getAnimations(): { effect: { getComputedTiming(): { iterations: number } } | null }[] } }).document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity).length,
        );
        assert.equal(endless, 0, 'endless animations on the page');
      }
    }
    if (resultOf(message)?.status === 'completed' && after > before) resultRedraws += 1;
  }
  assert.ok(inPlace > 10, `only ${inPlace} stage messages were shown in place`);
  assert.ok(chartsSeen > 5, `only ${chartsSeen} stage messages came after the first chart`);
  assert.ok(resultRedraws > 5, `completed results redrew the charts ${resultRedraws} times`);
  await assertNoProblems(panel);
});

test("a completed row shows bytes, ratio, amortised times, speed-ups with their rounds' range, round trip and remnant badges", async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const avsc = suite.run.report.results.find((row) => row.codec === 'avsc')!;
  assert.equal(avsc.status, 'completed');
  if (avsc.status !== 'completed') return;
  const cells = (await panel.tableRows()).find((row) => row[0] === 'avsc')!;
  assert.equal(cells[1], 'Avro');
  assert.equal(cells[2], `${avsc.bytes.toLocaleString('en-US')} B`);
  assert.equal(cells[3], avsc.ratio!.toFixed(3));
  assert.match(cells[4]!, /^[\d.]+ (ns|µs|ms)(bimodal)?$/);
  const [low, high] = avsc.speedupVsJson!.encodeInterval;
  // Two rounds can agree to the shown precision: the range is then one value, still shown.
  assert.ok(low <= avsc.speedupVsJson!.encode && avsc.speedupVsJson!.encode <= high, 'the median lies within its rounds');
  // On a busy machine the verdict says it once, and no cell carries ⚠.
  const load = suite.run.report.settings.machineLoad;
  const busy = load?.measured === true && load.busy;
  const marker = !busy && avsc.unstable?.some((candidate) => candidate.figure === 'encodeSpeedup') ? '⚠' : '';
  assert.equal(cells[6], `${formatSpeedup(avsc.speedupVsJson!.encode)}${marker}${formatSpeedup(low).replace('×', '')}–${formatSpeedup(high)}`);
  const speedupTooltip = await panel.page.getAttribute('tr[data-codec="avsc"] td.speedup-cell', 'title');
  assert.match(speedupTooltip ?? '', /^Median of 2 rounds; lowest–highest round /);
  const timeTooltip = await panel.page.getAttribute('tr[data-codec="avsc"] td.num:nth-of-type(4)', 'title');
  assert.match(timeTooltip ?? '', /per call over the rounds; [\d.]+% in GC, (≥ )?[\d.]+ k?M?B allocated per call; /);
  assert.equal(cells[8], avsc.roundTrip.status);
  assert.match(cells[9]!, /^prototype ×\d+/);
  assert.equal(cells[10], `${avsc.bundleBytes!.toLocaleString('en-US')} B`, "what avsc adds to a web app's bundle");
  const tooltip = await panel.page.getAttribute('tr[data-codec="avsc"] td.remnants', 'title');
  assert.match(tooltip ?? '', /^\$ \(prototype\): /m, 'the remnant tooltip lists each path and detail');
  const bytesTooltip = await panel.page.getAttribute('tr[data-codec="avsc"] td.num', 'title');
  // zstd on every Node: this real run's worker compressed with it (WebAssembly on Node 20).
  assert.match(bytesTooltip ?? '', /^gzip [\d,]+ B, brotli [\d,]+ B, zstd [\d,]+ B$/);
  await assertNoProblems(panel);
});

test('an errored row shows the stage and the message', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const row = panel.page.locator('tr.row-errored');
  assert.equal(await row.count(), 1);
  assert.equal(await row.getAttribute('data-codec'), 'throws-on-encode');
  assert.equal(await row.locator('.failure-stage').textContent(), 'errored at encode');
  assert.equal(await row.locator('.failure-message').textContent(), 'encoder exploded on purpose');
  await assertNoProblems(panel);
});

test('opening a row’s details from the keyboard shows library, compressed sizes, timing spread, remnants and notes', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const toggle = panel.page.locator('button[data-details="protobufjs"]');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.focus();
  await panel.page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.equal(await toggle.evaluate((button) => button === button.ownerDocument.activeElement), true, 'focus stays on the rebuilt toggle');
  const details = await panel.page.textContent(`#${await toggle.getAttribute('aria-controls')}`);
  assert.match(details ?? '', /protobufjs \d+\.\d+\.\d+/);
  assert.match(details ?? '', /gzip [\d,]+ B \([\d.]+ of JSON\)/);
  assert.match(details ?? '', /p99 [\d.]+ (ns|µs|ms)/);
  assert.match(details ?? '', /google\.protobuf\.Value nothing = 7;/, 'the schema is shown');
  assert.match(details ?? '', /Readable by the reference decoder\s*yes \(@bufbuild\/protobuf\)/, 'another Protobuf library read the bytes');
  assert.match(details ?? '', /always null are typed google\.protobuf\.Value \(it has a null\) at \$\.nothing/, 'the codec’s notes are listed');
  await assertNoProblems(panel);
});

test('a format read on access shows access and first field (with its path) in its details and the decode tooltip, and which figure the speed-up uses', async (t) => {
  const panel = await suite.open(t);
  // The recorded run's protobufjs row as a FlatBuffers row would come: its real figures, and the two reads the worker adds for a lazy format.
  const withReads = (row: CodecResult): CodecResult =>
    row.codec !== 'protobufjs' || row.status !== 'completed'
      ? row
      : {
          ...row,
          access: { ...row.decode, meanNs: row.decode.meanNs / 8 },
          firstField: { ...row.decode, meanNs: 150, medianNs: 150, p99Ns: 150 },
          firstFieldPath: '$.items[0].x',
        };
  const lazy = (message: ReturnType<typeof suite.run.messages>[number]) => {
    if (message.kind !== 'comparison') return message;
    if (message.phase === 'item' && message.item.type === 'codec-result')
      return { ...message, item: { ...message.item, result: withReads(message.item.result) } };
    if (message.phase === 'finished') return { ...message, report: { ...message.report, results: message.report.results.map(withReads) } };
    return message;
  };
  await panel.deliver(...suite.run.messages(1).map(lazy));
  const toggle = panel.page.locator('button[data-details="protobufjs"]');
  await toggle.click();
  const details = (await panel.page.textContent(`#${await toggle.getAttribute('aria-controls')}`)) ?? '';
  assert.match(
    details,
    /Access[\d.]+ (ns|µs|ms) per call \(first round; median [\d.]+ (ns|µs|ms), p99 [\d.]+ (ns|µs|ms)\): open the bytes and read every leaf, building no object/,
  );
  assert.match(details, /First field150 ns per call \(first round; median 150 ns, p99 150 ns\): open the bytes and read \$\.items\[0\]\.x/);
  assert.match(details, /Speed-upDec\. vs JSON uses Decode above \(to a plain object, every field read\)/);
  const decodeCell = panel.page.locator('tr[data-codec="protobufjs"] td[data-col="decode"]');
  assert.match(
    (await decodeCell.getAttribute('title')) ?? '',
    /to a plain object \(the speed-up uses it\); access [\d.]+ (ns|µs|ms), first field \(\$\.items\[0\]\.x\) 150 ns/,
  );
  // Other rows have neither.
  await panel.page.locator('button[data-details="avsc"]').click();
  assert.doesNotMatch((await panel.page.textContent('.details-row')) ?? '', /First field/);
  await assertNoProblems(panel);
});

test('messages of an older run are ignored once a newer run has started', async (t) => {
  const panel = await suite.open(t);
  const first = suite.run.messages(1);
  const second = suite.run.messages(2);
  await panel.deliver(second[0]!);
  await panel.deliver(...first.slice(1));
  assert.equal(await panel.page.locator('tr.row-pending').count(), 8, 'no result of run 1 lands in run 2');
  assert.match((await panel.page.textContent('.run-status')) ?? '', /^Running round 1 of 2… 0 of 8 codecs done/);
  await assertNoProblems(panel);
});

test('a cancelled run says so and keeps the rows that finished', async (t) => {
  const panel = await suite.open(t);
  const messages = suite.run.messages(1);
  const firstThree = messages
    .flatMap((m) => resultOf(m) ?? [])
    .slice(0, 3)
    .map((result) => result.codec);
  const upToThird = messages.slice(0, messages.findIndex((m) => resultOf(m)?.codec === firstThree[2]) + 1);
  await panel.deliver(...upToThird, { kind: 'comparison', runId: 1, phase: 'cancelled', message: 'the running worker was stopped' });
  // A run of two rounds stopped in its first: the rows that arrived are not finished codecs.
  assert.equal(
    await panel.page.textContent('.run-status'),
    'Cancelled after 0 of 8 codecs (3 measured in fewer rounds): the running worker was stopped',
    'said once',
  );
  assert.deepEqual((await panel.rowCodecs()).slice(0, 3), firstThree);
  assert.equal(await panel.page.locator('tr.row-completed').count(), 3);
  assert.deepEqual(await panel.page.$$eval('tr.row-pending .pending-activity', (cells) => [...new Set(cells.map((c) => c.textContent))]), ['not run']);
  assert.equal(await panel.page.isHidden('button[data-action="cancel"]'), true);
  assert.equal(await panel.page.isEnabled('button[data-action="rerun"]'), true);
  await assertNoProblems(panel);
});

test('Cancel while running, Re-run and Open sample call the host', async (t) => {
  const panel = await suite.open(t);
  const messages = suite.run.messages(1);
  await panel.deliver(messages[0]!);
  assert.equal(await panel.page.isEnabled('button[data-action="rerun"]'), false, 'no re-run while running');
  await panel.page.click('button[data-action="cancel"]');
  await panel.deliver(...messages.slice(1));
  await panel.page.click('button[data-action="rerun"]');
  await panel.page.click('button[data-action="open-sample"]');
  assert.deepEqual(await panel.calls(), ['ready', 'cancel', 'rerun', 'open-sample']);
  const cancel = (await panel.posted())[1];
  assert.deepEqual(cancel?.channel === 'request' && cancel.params, { kind: 'comparison' }, 'the comparison is the kind cancelled');
  await assertNoProblems(panel);
});

test("the header says where the sample's bytes are: on disk for a file, generated for records made from a schema", async (t) => {
  const panel = await suite.open(t);
  const [started, ...rest] = suite.run.messages(1);
  const read = rest.find((message) => message.phase === 'item' && message.item.type === 'sample-read');
  assert.ok(read?.phase === 'item' && read.item.type === 'sample-read');
  await panel.deliver(started!, read);
  assert.match((await panel.page.textContent('.sample-facts')) ?? '', /\d B on disk$/);
  await panel.deliver({ ...read, item: { ...read.item, sample: { ...read.item.sample, origin: 'generated' } } });
  const facts = (await panel.page.textContent('.sample-facts')) ?? '';
  assert.match(facts, /\d B generated$/);
  assert.doesNotMatch(facts, /on disk/);
  await assertNoProblems(panel);
});

test('markup in codec names and messages is shown as text, never parsed', async (t) => {
  const panel = await suite.open(t);
  const [started] = suite.run.messages(1);
  const hostile = '</script><img src=x onerror="window.__pwned=1"><b>bold</b>';
  await panel.deliver(startedWith(started, { sampleName: hostile, codecs: [{ id: 'evil', label: hostile, format: hostile }] }), {
    kind: 'comparison',
    runId: 1,
    phase: 'item',
    item: {
      type: 'codec-result',
      result: {
        codec: 'evil',
        label: hostile,
        format: hostile,
        library: hostile,
        libraryVersion: '1',
        schema: 'none',
        notes: [{ code: 'schema-variants', variants: hostile }],
        status: 'errored',
        error: { stage: 'encode', message: hostile },
      },
    },
  });
  assert.equal(await panel.page.textContent('.sample-name'), hostile);
  assert.equal(await panel.page.textContent('tr[data-codec="evil"] .failure-message'), hostile);
  assert.equal(await panel.page.locator('#app img, #app b').count(), 0);
  assert.equal(await panel.page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
  await assertNoProblems(panel);
});

test('Re-run shows each row beside the previous run’s speed-ups; a row’s details list every round', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const [started, ...rest] = suite.run.messages(2);
  await panel.deliver(startedWith(started, { compareWithPrevious: true }), ...rest);
  const avsc = suite.run.report.results.find((row) => row.codec === 'avsc')!;
  if (avsc.status !== 'completed' || !avsc.speedupVsJson) return assert.fail('avsc completed with speed-ups');
  const [low, high] = avsc.speedupVsJson.encodeInterval;
  // Two rounds with the same speed-up have no range to show: the figure stands alone.
  const range = low === high ? '' : ` (${formatSpeedup(low).replace('×', '')}–${formatSpeedup(high)})`;
  const delta = await panel.page.textContent('tr[data-codec="avsc"] .variant-delta');
  assert.equal(delta?.startsWith(`previous run: encode ${formatSpeedup(avsc.speedupVsJson.encode)}${range}, decode `), true, delta ?? '');
  assert.equal(await panel.page.locator('tr[data-codec="throws-on-encode"] .variant-delta').count(), 0, 'an errored row has no previous figures');

  await panel.page.click('button[data-details="avsc"]');
  const rounds = await panel.page.$$eval('.details-row .rounds-table tbody tr', (rows) => rows.map((row) => row.querySelector('th')?.textContent));
  assert.deepEqual(rounds, ['1', '2']);
  await assertNoProblems(panel);
});
