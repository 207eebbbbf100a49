/**
 * Re-draws the panel's sweep plots from test/output/sweep-bench.json (written by
 * `npm run bench:sweep`) into test/output/sweep-plots.png, without measuring again.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findBuiltinCodec } from '../../src/codecs/registry';
import type { SweepReport } from '../../src/shared/sweep';
import type { RunEventOf } from '../../src/shared/run-events';
import { repoRoot } from '../support/paths';
import { PanelHarness } from '../webview/support/panel-harness';

export async function screenshotSweep(report: SweepReport, file: string): Promise<void> {
  const codecs = report.sizes[0]?.results.map((row) => ({ id: row.codec, label: findBuiltinCodec(row.codec)?.label ?? row.codec })) ?? [];
  const messages: Array<RunEventOf<'sweep'>> = [
    {
      kind: 'sweep',
      runId: 1,
      phase: 'started',
      started: { sampleName: path.basename(report.sample.path), sampleLocation: report.sample.path, sweep: true, limits: false, codecs },
    },
    { kind: 'sweep', runId: 1, phase: 'finished', report },
  ];
  const harness = await PanelHarness.start();
  try {
    const panel = await harness.open();
    await panel.applyTheme('light');
    await panel.deliver(...messages);
    await panel.page.locator('.sweep-charts').screenshot({ path: file });
    await panel.close();
  } finally {
    await harness.close();
  }
}

if (require.main === module) {
  const output = path.join(repoRoot, 'test', 'output');
  const saved = JSON.parse(fs.readFileSync(path.join(output, 'sweep-bench.json'), 'utf8')) as { sweep: SweepReport };
  void screenshotSweep(saved.sweep, path.join(output, 'sweep-plots.png')).then(() => console.log(path.join(output, 'sweep-plots.png')));
}
