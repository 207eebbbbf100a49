/**
 * Entry point of a probe process (bundled as dist/probe-child.js), forked by run-probes.ts.
 * Loads one codec and runs its probe units in order, reporting each over IPC. Object.prototype
 * is compared before and after every unit; a polluted process reports and exits, so the next
 * unit starts clean. Refuses to run unless forked with an IPC channel. Started with
 * RUNNER_FLAG, it is the runner instead (runner-mode.ts), which forks the probe processes.
 */
import { getHeapStatistics } from 'node:v8';
import { loadCodec } from '../codecs/load-codec';
import { libraryVersion } from '../codecs/library-version';
import { pollutionSince, snapshotPrototypes } from './pollution';
import { probeUnits, type ProbeChildJob, type ProbeChildMessage } from './probe-units';
import { runProbeUnit } from './run-unit';
import { serveAsRunner } from './runner-mode';
import { RUNNER_FLAG } from './runner-protocol';

if (typeof process.send !== 'function') {
  throw new Error('payload-lab probe-child: this file runs only as a child process forked by the probe runner');
}

function send(message: ProbeChildMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

async function run(job: ProbeChildJob): Promise<void> {
  const loaded = await loadCodec(job.codec);
  await send({
    type: 'ready',
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
    await send({ type: 'unit', index, result, exiting: pollution.length > 0 });
    if (pollution.length > 0) process.exit(0);
  }
  await send({ type: 'done' });
  process.exit(0);
}

function serveAsProbeProcess(): void {
  // The runner is gone (cancelled, or its process ended): nobody will read the results.
  process.once('disconnect', () => process.exit(0));

  process.once('message', (job: ProbeChildJob) => {
    run(job).catch((error: unknown) => {
      // Loading the codec failed: say why on stderr, where the runner reads a dead child's last words.
      process.stderr.write(`probe process failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
      process.exit(70);
    });
  });
}

if (process.argv.includes(RUNNER_FLAG)) serveAsRunner();
else serveAsProbeProcess();
