/** The panel's Export of a size sweep (or limit search): the plotted numbers as text, saved or copied. */
import { renderSweep } from '../report/sweep-export';
import type { RequestMap } from '../shared/protocol';
import type { SweepReport } from '../shared/sweep';
import { saveOrCopy } from './export-request';

export async function exportSweep(
  report: SweepReport | undefined,
  params: RequestMap['export-sweep']['params'],
): Promise<RequestMap['export-sweep']['result']> {
  if (!report) throw new Error('There is no finished size sweep to export yet: run one first (Run Benchmark… → Sweep payload sizes).');
  return saveOrCopy(renderSweep(report, params.format), params, report.sample.path, 'payload-lab-sweep');
}
