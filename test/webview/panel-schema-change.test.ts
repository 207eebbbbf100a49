/**
 * Check Schema Change's view in a real Chromium, fed the run events of real checks (the host's
 * RunLifecycle, the engine in a real codec worker with protobufjs and avsc:
 * test/support/schema-change-runs.ts): the bundled Items.proto with x changed from int32 to
 * sint32, an Avro field added without a default, and a new version that does not load. The
 * matrix and its verdicts as the report has them, a cell's values read as other values with
 * their examples, avsc's two readings, links that ask the host to open a version at a line,
 * the keyboard, progress and Stop, and the panel's narrowest width in each theme.
 */
import { after, before, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { ChannelMessage } from '../../src/shared/channel';
import type { EvolutionReport } from '../../src/shared/evolution';
import { avroFieldAddedWithoutDefault, itemsWithBrokenNewVersion, itemsXToSint32, type RecordedSchemaChange } from '../support/schema-change-runs';
import { PanelHarness, type PanelPage } from './support/panel-harness';
import { assertNoProblems } from './support/suite';

let harness: PanelHarness | undefined;
let proto: RecordedSchemaChange | undefined;
let avro: RecordedSchemaChange | undefined;
let broken: RecordedSchemaChange | undefined;

before(async () => {
  [harness, proto, avro, broken] = await Promise.all([PanelHarness.start(), itemsXToSint32(), avroFieldAddedWithoutDefault(), itemsWithBrokenNewVersion()]);
});
after(async () => {
  await harness?.close();
});

async function open(t: TestContext, recorded: RecordedSchemaChange | undefined, upTo?: number): Promise<PanelPage> {
  assert.ok(harness && recorded);
  const panel = await harness.open();
  t.after(() => panel.close());
  await panel.deliver(...recorded.messages.slice(0, upTo));
  return panel;
}

const matrixTexts = (panel: PanelPage) =>
  panel.page.$$eval('table.schema-change-matrix tr', (rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => {
        const verdict = cell.querySelector('.cell-verdict');
        return verdict ? verdict.textContent : (cell.textContent ?? '').trim();
      }),
    ),
  );

const requests = async (panel: PanelPage) =>
  (await panel.posted()).filter((message): message is Extract<ChannelMessage, { channel: 'request' }> => message.channel === 'request');

test("the matrix: each version's data read by each version's reader, the verdicts the real check gave", async (t) => {
  const panel = await open(t, proto);
  const report = proto!.report!;
  assert.equal(await panel.page.getAttribute('.schema-change-view', 'data-phase'), 'finished');
  assert.equal(await panel.page.isVisible('.empty-state'), false);
  assert.equal(await panel.page.textContent('.schema-change-title'), 'Schema change: Items.proto (message Items)');
  assert.deepEqual(await matrixTexts(panel), [
    ['', 'old reader', 'new reader'],
    ['old data', 'equal', 'reinterpreted'],
    ['new data', 'reinterpreted', 'equal'],
  ]);
  assert.deepEqual(
    report.cells.map((cell) => cell.verdict),
    ['equal', 'reinterpreted', 'reinterpreted', 'equal'],
  );
  // The count in the cell is the report's: values read as other values, over every record.
  const count = report.cells[1]!.readings[0]!.reinterpreted.reduce((sum, item) => sum + item.count, 0);
  assert.equal(await panel.page.textContent('button[data-writer="0"][data-reader="1"] .cell-summary'), `${count} values read as other values`);
  assert.match((await panel.page.textContent('button[data-writer="0"][data-reader="1"] .cell-note')) ?? '', /^BACKWARD$/);
  // The versions, with where each came from.
  assert.deepEqual(await panel.page.$$eval('.schema-change-versions dd', (items) => items.map((item) => item.getAttribute('data-origin'))), ['git', 'working']);
  assert.match((await panel.page.textContent('.schema-change-versions')) ?? '', /HEAD \(a1b2c3d\) · schemas\/Items\.proto/);
  // The labels: the Schema Registry's mode, the data's, buf breaking's categories.
  const labels = (await panel.page.textContent('.schema-pair[data-older="0"][data-newer="1"] .schema-pair-labels')) ?? '';
  assert.match(labels, /Schema Registry \(rules\)NONE/);
  assert.match(labels, /old data, new reader reinterpreted; new data, old reader reinterpreted/);
  assert.match(labels, new RegExp(`buf breakingbreaks ${report.pairs[0]!.buf!.breaks.join(', ')}`));
  await assertNoProblems(panel);
});

test('a cell opens its paths and examples: x written by int32, read by sint32', async (t) => {
  const panel = await open(t, proto);
  await panel.page.click('button[data-writer="0"][data-reader="1"]');
  assert.equal(await panel.page.getAttribute('button[data-writer="0"][data-reader="1"]', 'aria-pressed'), 'true');
  const detail = '.schema-change-detail';
  assert.match((await panel.page.textContent(`${detail} .schema-detail-title`)) ?? '', /^old data, new reader \(BACKWARD\): \d+ values read as other values$/);
  const item = proto!.report!.cells[1]!.readings[0]!.reinterpreted[0]!;
  assert.equal(await panel.page.getAttribute(`${detail} .reading-reinterpreted`, 'data-path'), '$.items[*].x');
  assert.match((await panel.page.textContent(`${detail} .reading-reinterpreted p`)) ?? '', /zigzag \(sint32\)/);
  const examples = await panel.page.$$eval(`${detail} .schema-examples tbody tr`, (rows) =>
    rows.map((row) => [...row.children].map((cell) => cell.textContent)),
  );
  assert.deepEqual(
    examples,
    item.examples.map((example) => [`record ${example.record} ${example.path}`, JSON.stringify(example.written), JSON.stringify(example.read)]),
  );
  // The rules for this direction, each linked to the lines that changed.
  const rules = await panel.page.$$eval(`${detail} .schema-cell-rules .schema-finding`, (items) => items.map((item) => item.getAttribute('data-rule')));
  assert.ok(rules.includes('FIELD_SCALAR_KIND_CHANGED') && rules.includes('FIELD_WIRE_COMPATIBLE_TYPE'), rules.join(' '));
  await assertNoProblems(panel);
});

test('a link to a changed line asks the host to open that version there', async (t) => {
  const panel = await open(t, proto);
  await panel.page.click('button[data-writer="0"][data-reader="1"]');
  const finding = proto!.report!.pairs[0]!.registry.backward.find((each) => each.rule === 'FIELD_SCALAR_KIND_CHANGED')!;
  const links = `.schema-change-detail .schema-cell-rules .schema-finding[data-rule="FIELD_SCALAR_KIND_CHANGED"] button.schema-link`;
  assert.deepEqual(await panel.page.$$eval(links, (buttons) => buttons.map((button) => button.textContent)), [
    `old ${finding.older!.line}:${finding.older!.column}`,
    `new ${finding.newer!.line}:${finding.newer!.column}`,
  ]);
  await panel.page.click(`${links} >> nth=1`);
  const opened = (await requests(panel)).at(-1)!;
  assert.equal(opened.method, 'open-schema-version');
  assert.deepEqual(opened.params, { runId: proto!.messages[0]!.runId, version: 1, line: finding.newer!.line, column: finding.newer!.column });
  await assertNoProblems(panel);
});

test('from the keyboard: Tab reaches the cells, Enter opens one, the focus stays on it', async (t) => {
  const panel = await open(t, proto);
  await panel.page.focus('button[data-writer="0"][data-reader="0"]');
  await panel.page.keyboard.press('Tab');
  assert.deepEqual(await panel.page.$eval(':focus', (active) => [active.getAttribute('data-writer'), active.getAttribute('data-reader')]), ['0', '1']);
  await panel.page.keyboard.press('Enter');
  assert.match((await panel.page.textContent('.schema-change-detail .schema-detail-title')) ?? '', /^old data, new reader/);
  assert.equal(await panel.page.$eval(':focus', (active) => active.getAttribute('data-reader')), '1', 'the matrix is drawn again with the focus where it was');
  await panel.page.keyboard.press('Tab');
  await panel.page.keyboard.press('Space');
  assert.match((await panel.page.textContent('.schema-change-detail .schema-detail-title')) ?? '', /^new data, old reader \(FORWARD\)/);
});

test("Avro, a field added without a default: both of avsc's readings in the cell, the refusal with its reason and fix", async (t) => {
  const panel = await open(t, avro);
  const report: EvolutionReport = avro!.report!;
  const cell = 'button[data-writer="0"][data-reader="1"]';
  assert.equal(await panel.page.getAttribute(cell, 'data-verdict'), 'refused');
  const readings = await panel.page.$$eval(`${cell} .cell-reading`, (items) => items.map((item) => [item.textContent, item.classList.contains('needed')]));
  const needed = report.cells[1]!.needs.mode;
  assert.deepEqual(readings, [
    ['no resolver: refused', needed === 'decode'],
    ['resolver: refused', needed === 'resolver'],
  ]);
  await panel.page.click(cell);
  const refusal = (await panel.page.textContent('.schema-change-detail .schema-reading[data-mode="resolver"] .reading-refused')) ?? '';
  assert.match(refusal, /no matching field for default-less shop\.Item\.stock/);
  assert.match(refusal, /Fix: give field stock of Item a default/);
  assert.match((await panel.page.textContent('.schema-change-detail .schema-reading[data-mode="decode"] .reading-refused')) ?? '', /truncated buffer/);
  // No buf for Avro: the rules named are the Schema Registry's.
  assert.match((await panel.page.textContent('.schema-change-detail .schema-cell-rules h4')) ?? '', /^The rules for this direction \(BACKWARD\)/);
  assert.equal(await panel.page.getAttribute('.schema-pair', 'data-mode'), report.pairs[0]!.mode);
  await assertNoProblems(panel);
});

test('while it runs: records read, a progress bar, cells as they come, and Stop asks the host to cancel', async (t) => {
  const messages = proto!.messages;
  const firstCell = messages.findIndex((message) => message.phase === 'item');
  const panel = await open(t, proto, firstCell + 1);
  assert.equal(await panel.page.getAttribute('.schema-change-view', 'data-phase'), 'running');
  const progress = messages.slice(0, firstCell).findLast((message) => message.phase === 'progress');
  assert.ok(progress?.phase === 'progress');
  assert.equal(await panel.page.textContent('.schema-change-status'), `Running: ${progress.progress.done} of ${progress.progress.total} records read…`);
  assert.deepEqual(await panel.page.$eval('progress.schema-change-progress', (bar) => [bar.value, bar.max, bar.hidden]), [
    progress.progress.done,
    progress.progress.total,
    false,
  ]);
  assert.deepEqual(await matrixTexts(panel), [
    ['', 'old reader', 'new reader'],
    ['old data', 'equal', 'reading…'],
    ['new data', 'reading…', 'reading…'],
  ]);
  await panel.page.click('button[data-action="cancel-schema-change"]');
  const cancel = (await requests(panel)).at(-1)!;
  assert.deepEqual([cancel.method, cancel.params], ['cancel', { kind: 'schemaChange' }]);
  await panel.deliver({ kind: 'schemaChange', runId: messages[0]!.runId, phase: 'cancelled', message: 'the worker reading the records was stopped' });
  assert.match((await panel.page.textContent('.schema-change-status')) ?? '', /^Cancelled: the worker reading the records was stopped/);
  assert.equal(await panel.page.isVisible('button[data-action="cancel-schema-change"]'), false);
  assert.equal(await panel.page.isVisible('progress.schema-change-progress'), false);
  await assertNoProblems(panel);
});

test('a version that does not load: which version, file:line:column, the message, a link to the line; no empty matrix', async (t) => {
  const panel = await open(t, broken);
  assert.equal(await panel.page.getAttribute('.schema-change-view', 'data-phase'), 'failed');
  assert.equal(await panel.page.textContent('.schema-change-status'), 'The check failed: a version could not be read.');
  const problem = (await panel.page.textContent('.schema-change-problem[data-version="new"]')) ?? '';
  assert.match(problem, /^The new version \(the editor, with unsaved edits\): \/.*schemas\/Items\.proto:6:14 illegal id ';'/);
  assert.equal(await panel.page.isVisible('table.schema-change-matrix'), false);
  await panel.page.click('.schema-change-problem button.schema-link');
  assert.deepEqual((await requests(panel)).at(-1)!.params, { runId: broken!.messages[0]!.runId, version: 1, line: 6, column: 14 });
  await assertNoProblems(panel);
});

for (const theme of ['dark', 'light', 'high-contrast'] as const) {
  test(`at 326 px (${theme}): no sideways scroll, the matrix and an open cell in view`, async (t) => {
    assert.ok(harness);
    const panel = await harness.open();
    t.after(() => panel.close());
    await panel.page.setViewportSize({ width: 326, height: 900 });
    await panel.applyTheme(theme);
    await panel.deliver(...avro!.messages);
    await panel.page.click('button[data-writer="0"][data-reader="1"]');
    const fit = await panel.page.$eval('table.schema-change-matrix', (matrix) => {
      const page = matrix.ownerDocument.documentElement;
      return { scroll: page.scrollWidth, client: page.clientWidth, matrixRight: Math.ceil(matrix.getBoundingClientRect().right) };
    });
    assert.ok(fit.scroll <= fit.client, `the page scrolls sideways: ${fit.scroll} > ${fit.client}`);
    assert.ok(fit.matrixRight <= fit.client, `the matrix ends at ${fit.matrixRight}`);
    // Each verdict is said in words, its border colour only adds severity: the border differs from the equal cell's.
    const borders = await panel.page.$$eval('button.schema-change-cell', (cells) =>
      cells.map((cell) => cell.ownerDocument.defaultView!.getComputedStyle(cell).borderTopColor),
    );
    assert.notEqual(borders[1], borders[0]);
    await assertNoProblems(panel);
  });
}
