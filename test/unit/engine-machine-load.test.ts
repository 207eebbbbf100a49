/**
 * How busy the machine was, read by the engine during a real run (Linux's /proc): a run on a
 * machine the test makes busy, with as many spinning processes as there are cores, reports it
 * busy, with the spinners' CPU as other processes' and not as the run's. The assertion counts
 * on the flag and CPU shares, never on how long anything took.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as os from 'node:os';
import { compareSample } from '../../src/engine/compare';
import { resultsTable } from '../../src/cli/table';
import { machineWatchOf, watchMachineLoad } from '../../src/engine/machine-load-monitor';
import { unavailableBrowserRuntime } from '../../src/browser/unavailable-runtime';
import type { MeasuredMachineLoad } from '../../src/shared/results';
import { FAST, fixture } from '../support/paths';

const linux = process.platform === 'linux';

async function spinning(count: number): Promise<ChildProcess[]> {
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  await Promise.all(children.map((child) => new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject))));
  return children;
}

test(
  "a run on a machine made busy by spinning processes says so: busy, the spinners counted as other processes' CPU",
  { skip: !linux && 'the load is read from /proc (Linux)' },
  async (t) => {
    const cores = Math.min(16, os.availableParallelism());
    const spinners = await spinning(cores);
    t.after(() => {
      for (const child of spinners) child.kill('SIGKILL');
    });
    const report = await compareSample({ path: fixture('mixed-sample.json') }, { ...FAST, timeBudgetMs: 200, rounds: 2, codecs: ['json', 'msgpackr', 'v8'] });
    const load = report.settings.machineLoad as MeasuredMachineLoad;
    assert.equal(load?.measured, true, JSON.stringify(load));
    assert.equal(load.busy, true, JSON.stringify(load));
    // The spinners want every core; the run got some of them, the spinners most of the rest.
    assert.ok(load.otherCores >= 0.5, JSON.stringify(load));
    assert.ok(load.ownCores > 0 && load.ownCores <= load.cores, JSON.stringify(load));
    // Said once, above the table, in place of the marks on each unstable figure.
    const table = resultsTable(report);
    assert.match(
      table.split('\n')[1]!,
      /^⚠ speed figures unreliable: the machine was busy \d+% of the run \(other processes used [\d.]+ of \d+ cores on average/,
    );
    assert.doesNotMatch(table.split('\n').slice(2).join('\n'), /!/);
  },
);

test('elsewhere than Linux, or in a runtime whose processes cannot be told apart, the load is not measured and says why', async () => {
  const report = await compareSample({ path: fixture('mixed-sample.json') }, { ...FAST, codecs: ['json'] });
  const load = report.settings.machineLoad!;
  if (linux) assert.equal(load.measured, true, JSON.stringify(load));
  else assert.deepEqual(load, { measured: false, why: `it is read from /proc, on Linux only (this is ${process.platform})` });
  // VS Code's panel measures in its own renderer: nothing names those processes.
  const { measuringProcesses: _named, ...unnamed } = unavailableBrowserRuntime('not started');
  assert.deepEqual(watchMachineLoad(machineWatchOf(unnamed)).stop(), {
    measured: false,
    why: "the browser's workers run in processes this run cannot tell from other work (VS Code's own renderer)",
  });
});
