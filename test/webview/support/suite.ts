/**
 * Per test file: one browser and server, and one real engine run, shared by its tests; each
 * test gets a fresh page (empty state) that is closed when the test ends, pass or fail.
 */
import { after, before, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { PanelHarness, type PanelPage } from './panel-harness';
import { type RecordedRun, recordRealRun } from './real-run';

export interface PanelSuite {
  readonly run: RecordedRun;
  open(t: TestContext, options?: Parameters<PanelHarness['open']>[0]): Promise<PanelPage>;
}

/** `record`: the file's run (default: the suite's recording, recordRealRun). */
export function panelSuite(record: () => Promise<RecordedRun> = recordRealRun): PanelSuite {
  let harness: PanelHarness | undefined;
  let run: RecordedRun | undefined;
  before(async () => {
    const [started, recorded] = await Promise.allSettled([PanelHarness.start(), record()]);
    if (started.status === 'fulfilled') harness = started.value;
    if (started.status === 'rejected') throw started.reason;
    if (recorded.status === 'rejected') throw recorded.reason;
    run = recorded.value;
  });
  after(async () => {
    await harness?.close();
  });
  return {
    get run() {
      assert.ok(run, 'the real run was not recorded');
      return run;
    },
    async open(t, options) {
      assert.ok(harness, 'the browser did not start');
      const panel = await harness.open(options);
      t.after(() => panel.close());
      return panel;
    },
  };
}

/** Every test ends here: no console errors, no uncaught exceptions, no CSP violations. */
export async function assertNoProblems(panel: PanelPage): Promise<void> {
  assert.deepEqual(await panel.problemsSeen(), []);
}
