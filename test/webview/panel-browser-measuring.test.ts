/**
 * The extension's browser runtime against the real panel page in a real Chromium: the host's
 * side (panelBrowserRuntime) sends the run's sample and worker script to the page once, each
 * job then goes without them, and the page runs it in a measuring frame's Web Worker. A page
 * re-created mid-run (VS Code re-creates a hidden panel's) no longer holds the input: it
 * refuses the next job, and the host sends the input again and retries; so does a page that let
 * go of the input when the run ended.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { measuringFrameResponder } from '../../src/browser/measuring-frame-responses';
import { compareSample } from '../../src/engine/compare';
import { panelBrowserRuntime } from '../../src/host/panel-browser-runtime';
import type { MeasuringFrames } from '../../src/host/measuring-frame-server';
import type { ResultsPanel } from '../../src/panel/results-panel';
import { ChannelClient, ChannelError, isChannelMessage, type ChannelMessage, type Transport } from '../../src/shared/channel';
import { MISSING_RUN_INPUT, type MeasureEvents, type PageMeasuringMethods } from '../../src/shared/measure-frame';
import { FAST, repoRoot, sampleFrom, workerScript } from '../support/paths';
import { deliverToPage, PanelHarness, type PanelPage } from './support/panel-harness';
import { packBytes, unpackBytes } from './support/bytes-bridge';

const browserDir = path.join(repoRoot, 'dist', 'browser');

/** The measuring frames' server, answering as the extension host's does. */
function startFrameServer(): Promise<http.Server> {
  const server = http.createServer(measuringFrameResponder(browserDir));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface PageChannel {
  client: ChannelClient<PageMeasuringMethods, MeasureEvents>;
  /** Methods of the requests the host side sent, in order. */
  sent: string[];
}

/** The host's measuring channel to the page: sent as VS Code delivers messages, answered through the stand-in's postMessage. */
async function measuringChannel(panel: PanelPage): Promise<PageChannel> {
  const sent: string[] = [];
  let toClient: (message: ChannelMessage) => void = () => undefined;
  const transport: Transport = {
    send: (message) => {
      if (message.channel === 'request') sent.push(message.method);
      // The page may be gone when a test has ended.
      void deliverToPage(panel.page, [packBytes(message)]).catch(() => undefined);
    },
    listen: (onMessage) => {
      toClient = onMessage;
    },
    end: () => undefined,
  };
  await panel.page.exposeFunction('__onPost', (message: unknown) => {
    const unpacked = unpackBytes(message);
    if (isChannelMessage(unpacked)) toClient(unpacked);
  });
  return { client: new ChannelClient<PageMeasuringMethods, MeasureEvents>(transport), sent };
}

let harness: PanelHarness;
let frameServer: http.Server;
let frames: MeasuringFrames;

before(async () => {
  [harness, frameServer] = await Promise.all([PanelHarness.start(), startFrameServer()]);
  const origin = `http://127.0.0.1:${(frameServer.address() as AddressInfo).port}`;
  frames = { frameUrl: `${origin}/frame.html`, strictFrameUrl: `${origin}/frame-strict.html`, origin };
});

after(async () => {
  await harness?.close();
  frameServer?.closeAllConnections();
  frameServer?.close();
});

test("the run's sample goes to the page once; after the page is re-created or the run has ended, it goes again and the jobs still complete", async (t) => {
  const panel = await harness.open({ measuringFrameOrigin: frames.origin });
  t.after(() => panel.close());
  const { client, sent } = await measuringChannel(panel);
  const sample = sampleFrom({ items: Array.from({ length: 50 }, (_, index) => ({ id: index, name: `item ${index}` })) });
  const runtime = panelBrowserRuntime({
    panel: { measuring: client } as unknown as ResultsPanel,
    frames,
    workerSource: fs.readFileSync(path.join(browserDir, 'measure-worker.js'), 'utf8'),
    sampleBytes: sample.bytes,
    limits: { workerScript, memoryLimitMb: 512, timeoutMs: 60_000 },
  });
  const statuses = (report: Awaited<ReturnType<typeof compareSample>>) => report.results.map((row) => `${row.runtime} ${row.codec} ${row.status}`);

  const first = await compareSample(sample, { ...FAST, codecs: ['json', 'msgpackr'], runtime });
  assert.deepEqual(
    statuses(first),
    ['browser json completed', 'browser msgpackr completed'],
    JSON.stringify(first.results.map((row) => (row.status === 'completed' ? '' : row.error))),
  );
  assert.deepEqual(sent, ['browser-input', 'measure-in-browser', 'measure-in-browser']);

  // As VS Code re-creates a hidden panel's page: the new page holds no input.
  await panel.page.reload();
  await panel.page.waitForFunction("document.body.className !== ''");
  sent.length = 0;
  const second = await compareSample(sample, { ...FAST, codecs: ['json', 'msgpackr'], runtime });
  assert.deepEqual(statuses(second), ['browser json completed', 'browser msgpackr completed']);
  // The first job was refused, the input sent again, the job retried; the next went as is.
  assert.deepEqual(sent, ['measure-in-browser', 'browser-input', 'measure-in-browser', 'measure-in-browser']);

  // The run's end lets the page drop the sample; a later job of the same runtime gets it again.
  await panel.deliver({ kind: 'comparison', runId: 1, phase: 'cancelled', message: 'the running worker was stopped' });
  sent.length = 0;
  const third = await compareSample(sample, { ...FAST, codecs: ['json'], runtime });
  assert.deepEqual(statuses(third), ['browser json completed']);
  assert.deepEqual(sent, ['measure-in-browser', 'browser-input', 'measure-in-browser']);
  assert.deepEqual(await panel.problemsSeen(), []);
});

test('the page refuses a job whose input it does not hold, with the code the host acts on', async (t) => {
  const panel = await harness.open({ measuringFrameOrigin: frames.origin });
  t.after(() => panel.close());
  const { client } = await measuringChannel(panel);
  const job = {
    job: {
      codec: { builtin: 'json' },
      sample: { path: 'sample.json', kind: 'json' as const },
      jsonBytes: 2,
      measurement: { operationBudgetMs: 10, minSamples: 2, verify: true },
    },
    timeoutMs: 10_000,
    frameUrl: frames.frameUrl,
  };
  const refusal = async (inputId: string) => {
    const error = await client.request('measure-in-browser', { ...job, inputId }, { timeoutMs: 10_000 }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof ChannelError, `not refused: ${String(error)}`);
    return { kind: error.kind, code: error.code, message: error.message };
  };
  assert.deepEqual(await refusal('run-1'), {
    kind: 'remote',
    code: MISSING_RUN_INPUT,
    message: "the page does not hold this run's sample (it was re-created, or the run ended)",
  });
  await client.request('browser-input', { inputId: 'run-1', sampleBytes: new Uint8Array([123, 125]), workerSource: '' }, { timeoutMs: 10_000 });
  // A later run's job, while the page holds an earlier run's input.
  assert.equal((await refusal('run-2')).code, MISSING_RUN_INPUT);
});
