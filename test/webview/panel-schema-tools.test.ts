/**
 * The inferred-schema tools in a real Chromium: the Open inferred .proto / .avsc / .fbs / .capnp / .bop requests, the
 * variant selects posting the chosen variants, and a variant re-run showing each re-run row's
 * change against the previous choice while the other rows stay.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChannelMessage } from '../../src/shared/channel';
import type { CompletedResult } from '../../src/shared/results';
import type { PanelPage } from './support/panel-harness';
import { type RunEvent, startedWith, withInferredSchemas } from './support/real-run';
import { assertNoProblems, panelSuite } from './support/suite';

const suite = panelSuite();

/** The recorded run, announced as one on a JSON sample without a provided schema. */
function inferredRun(runId: number): RunEvent[] {
  return withInferredSchemas(suite.run.messages(runId));
}

async function lastPosted(panel: PanelPage): Promise<ChannelMessage | undefined> {
  return (await panel.posted()).at(-1);
}

/** The last call the page made on the host: its method and params. */
async function lastCall(panel: PanelPage): Promise<{ method: string; params: unknown } | undefined> {
  const last = await lastPosted(panel);
  return last?.channel === 'request' ? { method: last.method, params: last.params } : undefined;
}

test('the schema tools are hidden for a run that does not infer schemas', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  assert.equal(await panel.page.isVisible('.schema-tools'), false);
  assert.equal(await panel.page.isVisible('.run-variants'), false);
  await assertNoProblems(panel);
});

test('Open inferred .proto (and .avsc, .fbs, .capnp, .bop) posts an open-inferred-schema request; a failure is shown beside the buttons', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...inferredRun(1));
  await panel.page.click('button[data-action="open-inferred-proto"]');
  const request = await lastPosted(panel);
  assert.ok(request && 'channel' in request && request.channel === 'request');
  assert.deepEqual({ method: request.method, params: request.params }, { method: 'open-inferred-schema', params: { format: 'proto' } });
  await panel.deliver({ channel: 'reply', id: request.id, reply: { err: { message: 'the sample is gone' } } });
  assert.match((await panel.page.textContent('.schema-tools [role="status"]')) ?? '', /Cannot open the inferred \.proto: the sample is gone/);
  // The formats the generated-code rows translate to are offered beside them, by their accessible names.
  for (const format of ['avsc', 'fbs', 'capnp', 'bop']) {
    await panel.page.getByRole('button', { name: `Open inferred .${format}` }).click();
    const next = await lastPosted(panel);
    assert.ok(next && 'channel' in next && next.channel === 'request');
    assert.deepEqual({ method: next.method, params: next.params }, { method: 'open-inferred-schema', params: { format } });
  }
  await assertNoProblems(panel);
});

test('changing the integers select calls set-variants with all three choices', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...inferredRun(1));
  assert.equal(await panel.page.textContent('.run-variants'), 'Inferred schemas: default choices');
  await panel.page.focus('select[data-variant="integers"]');
  await panel.page.selectOption('select[data-variant="integers"]', 'zigzag');
  assert.deepEqual(await lastCall(panel), { method: 'set-variants', params: { variants: { integers: 'zigzag', doubles: 'double', fields: 'required' } } });
  await panel.page.selectOption('select[data-variant="doubles"]', 'float');
  assert.deepEqual(await lastCall(panel), { method: 'set-variants', params: { variants: { integers: 'zigzag', doubles: 'float', fields: 'required' } } });
  await assertNoProblems(panel);
});

test("a variant re-run keeps the other rows and shows the re-run row's change against the previous choice", async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...inferredRun(1));
  const allCodecs = await panel.rowCodecs();
  const before = suite.run.report.results.find((row) => row.codec === 'protobufjs') as CompletedResult;
  assert.equal(before.status, 'completed');
  const after: CompletedResult = { ...before, bytes: Math.round(before.bytes * 0.88), encode: { ...before.encode, meanNs: before.encode.meanNs / 2 } };
  const [started] = inferredRun(2);
  assert.ok(started?.phase === 'started');
  const rerun = ['json', 'protobufjs'];
  await panel.deliver(
    startedWith(started, { codecs: started.started.codecs.filter((codec) => rerun.includes(codec.id)), variants: { integers: 'zigzag' }, rerunCodecs: rerun }),
  );
  assert.deepEqual(await panel.rowCodecs(), allCodecs, 'the rows not re-run stay');
  assert.equal(await panel.page.isDisabled('select[data-variant="integers"]'), true, 'no change while re-running');
  assert.equal(await panel.page.getAttribute('tr[data-codec="avsc"]', 'class'), 'row-completed');
  assert.equal(await panel.page.getAttribute('tr[data-codec="protobufjs"]', 'class'), 'row-pending');
  await panel.deliver({ kind: 'comparison', runId: 2, phase: 'item', item: { type: 'codec-result', result: after } });
  const delta = (await panel.page.textContent('tr[data-codec="protobufjs"] .variant-delta')) ?? '';
  assert.match(delta, /^vs previous: bytes −1[12]%, encode ×2\.00, decode ×1\.00$/);
  assert.equal(await panel.page.locator('tr[data-codec="avsc"] .variant-delta').count(), 0);
  await panel.deliver({
    kind: 'comparison',
    runId: 2,
    phase: 'finished',
    report: { ...suite.run.report, results: suite.run.report.results.map((row) => (row.codec === 'protobufjs' ? after : row)) },
  });
  assert.deepEqual(await panel.rowCodecs(), allCodecs);
  assert.match((await panel.page.textContent('tr[data-codec="protobufjs"] .variant-delta')) ?? '', /^vs previous/);
  assert.equal(await panel.page.textContent('.run-variants'), 'Inferred schemas: integers: zigzag');
  assert.equal(await panel.page.inputValue('select[data-variant="integers"]'), 'zigzag');
  await assertNoProblems(panel);
});

test('the chosen variants survive a reload of the page (panel state)', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...inferredRun(1));
  await panel.page.selectOption('select[data-variant="fields"]', 'optional');
  await panel.page.reload();
  await panel.page.waitForSelector('select[data-variant="fields"]');
  assert.equal(await panel.page.inputValue('select[data-variant="fields"]'), 'optional');
  await assertNoProblems(panel);
});

test('after a failed run, the Open inferred buttons and the variant selects are disabled; a new run enables them', async (t) => {
  const panel = await suite.open(t);
  const started = inferredRun(1)[0]!;
  await panel.deliver(started, { kind: 'comparison', runId: 1, phase: 'failed', message: 'Unexpected token } in JSON at line 3, column 1' });
  assert.equal(await panel.page.isVisible('.schema-tools'), true);
  for (const control of [
    ...['proto', 'avsc', 'fbs', 'capnp', 'bop'].map((format) => `button[data-action="open-inferred-${format}"]`),
    ...['integers', 'doubles', 'fields'].map((key) => `select[data-variant="${key}"]`),
  ]) {
    assert.equal(await panel.page.isDisabled(control), true, control);
  }
  await panel.deliver(...inferredRun(2));
  assert.equal(await panel.page.isDisabled('button[data-action="open-inferred-proto"]'), false);
  assert.equal(await panel.page.isDisabled('select[data-variant="integers"]'), false);
  await assertNoProblems(panel);
});
