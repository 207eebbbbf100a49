/**
 * Entry point of a probe process (bundled as dist/probe-process.js), forked by probes/run-probes.ts.
 * Loads one codec and runs its probe units in order, reporting each over IPC. Object.prototype
 * is compared before and after every unit; a polluted process reports and exits, so the next
 * unit starts clean. Refuses to run unless forked with an IPC channel. Started with
 * RUNNER_FLAG, it is the runner instead (probes/serve-probe-runner.ts), which forks the probe processes.
 */
import { getHeapStatistics } from 'node:v8';
import { loadCodec } from '../codecs/load-codec';
import { libraryVersion } from '../codecs/library-version';
import { pollutionSince, snapshotPrototypes } from '../probes/pollution';
import { isStartedAs, serveAsChild, type Emit as ServedEmit } from '../processes/serve-as-child';
import { probeUnits, type ProbeChildEvents, type ProbeChildJob, type ProbeChildMethods } from '../probes/probe-units';
import { runProbeUnit } from '../probes/run-unit';
import { serveAsRunner } from '../probes/serve-probe-runner';
import { RUNNER_FLAG } from '../shared/probe-runner-protocol';

type Emit = ServedEmit<ProbeChildEvents>;

/** Each event is awaited until written: the next unit may crash this process. */
async function run(job: ProbeChildJob, emit: Emit): Promise<{ units: number }> {
  const loaded = await loadCodec(job.codec);
  await emit('ready', {
    codec: {
      codec: loaded.descriptor.id,
      label: loaded.descriptor.label,
      library: loaded.descriptor.library,
      libraryVersion: libraryVersion(loaded.descriptor.library),
    },
    // The limit this process really has: the runner checks that --max-old-space-size held.
    heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
  });
  const units = probeUnits(job.probes, job.codecId);
  for (let index = job.startAt; index < units.length; index++) {
    const before = snapshotPrototypes();
    const result = runProbeUnit(units[index]!, loaded.module, job.codecId);
    const pollution = pollutionSince(before);
    if (pollution.length > 0) {
      result.effects = ['polluted', ...result.effects.filter((effect) => effect !== 'preserved')];
      result.pollution = pollution;
    }
    await emit('unit', { index, result, exiting: pollution.length > 0 });
    if (pollution.length > 0) process.exit(0);
  }
  // The runner stops this process once it has the answer.
  return { units: units.length - job.startAt };
}

function serveAsProbeProcess(): void {
  serveAsChild<ProbeChildMethods, ProbeChildEvents>({
    what: 'a probe process',
    // The runner is gone (cancelled, or its process ended): nobody will read the results.
    leave: 'at-once',
    handlers: (emit) => ({
      'run-units': (job): Promise<{ units: number }> =>
        run(job, emit).catch((error: unknown) => {
          // Loading the codec failed: say why on stderr, where the runner reads a dead child's last words.
          process.stderr.write(`probe process failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
          return process.exit(70);
        }),
    }),
  });
}

if (isStartedAs(RUNNER_FLAG)) serveAsRunner();
else serveAsProbeProcess();
