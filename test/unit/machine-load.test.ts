/**
 * How busy the machine was, judged from counters made to the point (the engine reads the real
 * ones from /proc: engine-machine-load.test.ts): other processes' CPU is the machine's busy
 * time less the run's own, and a run is busy when a quarter of its time was.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { combineMachineLoads, machineLoadOf, type CpuCounters } from '../../src/measurement/machine-load';
import { describeMachineLoad } from '../../src/shared/machine-load-text';
import type { MachineLoad, MeasuredMachineLoad } from '../../src/shared/results';

/** Counters a second apart on a 2-core machine (200 ticks a second), each second's own and others' cores given. */
function counters(seconds: Array<{ own: number; other: number }>, loadAverage = 1): CpuCounters[] {
  const samples: CpuCounters[] = [{ atMs: 0, totalTicks: 0, busyTicks: 0, ownTicks: 0, cores: 2, loadAverage }];
  for (const { own, other } of seconds) {
    const last = samples[samples.length - 1]!;
    samples.push({
      atMs: last.atMs + 1000,
      totalTicks: last.totalTicks + 200,
      busyTicks: last.busyTicks + (own + other) * 100,
      ownTicks: last.ownTicks + own * 100,
      cores: 2,
      loadAverage,
    });
  }
  return samples;
}

const measured = (load: MachineLoad): MeasuredMachineLoad => {
  assert.equal(load.measured, true, JSON.stringify(load));
  return load as MeasuredMachineLoad;
};

test("the run's own CPU is not other load: a run using one core on an otherwise idle machine is not busy", () => {
  const load = measured(machineLoadOf(counters(Array.from({ length: 10 }, () => ({ own: 1, other: 0.1 })))));
  assert.deepEqual([load.ownCores, load.otherCores, load.busyShare, load.busy], [1, 0.1, 0, false]);
  assert.equal(load.wallMs, 10_000);
});

test('others using a core and a half beside the run for half of it make the run busy; for a tenth of it, not', () => {
  const half = measured(
    machineLoadOf(counters([...Array.from({ length: 5 }, () => ({ own: 0.9, other: 1.1 })), ...Array.from({ length: 5 }, () => ({ own: 1, other: 0 }))], 4.5)),
  );
  assert.deepEqual([half.busyShare, half.busy, half.otherCores, half.loadAverage], [0.5, true, 0.55, 4.5]);
  const tenth = measured(machineLoadOf(counters([{ own: 0.9, other: 1.1 }, ...Array.from({ length: 9 }, () => ({ own: 1, other: 0 }))])));
  assert.deepEqual([tenth.busyShare, tenth.busy], [0.1, false]);
});

test('other load on a machine with cores to spare is not busy: half a core of others while the run uses one of two cores is', () => {
  const spare = measured(machineLoadOf(counters(Array.from({ length: 4 }, () => ({ own: 1, other: 0.4 })))));
  assert.equal(spare.busy, false, 'under half a core of others');
  const full = measured(machineLoadOf(counters(Array.from({ length: 4 }, () => ({ own: 1, other: 0.5 })))));
  assert.equal(full.busy, true);
});

test('too few counters, or counters that did not move, are not measured, with why', () => {
  assert.deepEqual(machineLoadOf(counters([]).slice(0, 1)), { measured: false, why: "the run ended before the machine's counters could be read twice" });
  const still = counters([{ own: 0, other: 0 }]);
  still[1] = { ...still[1]!, totalTicks: 0 };
  assert.equal(machineLoadOf(still).measured, false);
});

test("two runtimes' loads: weighted by their time, busy if either was; one not measured leaves the whole not measured", () => {
  const quiet = measured(machineLoadOf(counters(Array.from({ length: 3 }, () => ({ own: 1, other: 0 })))));
  const busy = measured(machineLoadOf(counters(Array.from({ length: 1 }, () => ({ own: 1, other: 1 })))));
  const both = measured(combineMachineLoads([quiet, busy])!);
  assert.deepEqual([both.wallMs, both.otherCores, both.busy], [4000, 0.25, true]);
  assert.deepEqual(combineMachineLoads([quiet, { measured: false, why: 'no /proc' }]), { measured: false, why: 'no /proc' });
  assert.equal(combineMachineLoads([undefined, quiet]), quiet);
});

test('in words: busy says the speed figures are unreliable and sizes are not; not measured says why', () => {
  const busy = measured(
    machineLoadOf(
      counters(
        Array.from({ length: 4 }, () => ({ own: 0.8, other: 1.2 })),
        4.5,
      ),
    ),
  );
  assert.equal(
    describeMachineLoad(busy),
    'speed figures unreliable: the machine was busy 100% of the run (other processes used 1.2 of 2 cores on average, this run 0.8; load average up to 4.5); sizes are unaffected',
  );
  assert.match(
    describeMachineLoad({ measured: false, why: 'it is read from /proc, on Linux only (this is darwin)' }),
    /^how busy the machine was is not measured: it is read from \/proc/,
  );
});
