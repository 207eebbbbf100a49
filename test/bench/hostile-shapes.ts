/**
 * `npm run bench:hostile`: the hostile shapes, each through the CLI as a user runs it
 * (`compare FILE --quick --json`, the seven default codecs): every row with its status, stage
 * and reason, and how long the command took (aim ≤ 60 s each; a figure of the machine it ran on).
 */
import { spawnSync } from 'node:child_process';
import { cliScript } from '../support/paths';
import { HOSTILE_SHAPES, writeHostileShapes } from '../support/hostile-shapes';
import type { ComparisonReport } from '../../src/shared/results';

const files = writeHostileShapes();
for (const shape of HOSTILE_SHAPES) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [cliScript, 'compare', files.get(shape.name)!, '--quick', '--json'], { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });
  const seconds = (Date.now() - started) / 1000;
  console.log(`${shape.title}: exit ${run.status}, ${seconds.toFixed(1)} s${run.status === 0 ? '' : `: ${run.stderr.trim().slice(0, 300)}`}`);
  if (run.status !== 0) continue;
  const report = JSON.parse(run.stdout) as ComparisonReport;
  for (const row of report.results) {
    const outcome =
      row.status === 'completed' ? `completed, ${row.roundTrip.status}` : `${row.status} at ${row.error.stage}: ${row.error.message.slice(0, 160)}`;
    console.log(`  ${row.codec.padEnd(11)} ${outcome}`);
  }
}
