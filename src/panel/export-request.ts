/** The panel's Export action: the last report as Markdown, CSV or JSON, saved or copied. */
import * as vscode from 'vscode';
import type { ComparisonReport } from '../shared/results';
import type { ExportFormat, RequestMap } from '../shared/protocol';
import { renderReport } from '../report/export';
import { DEFAULT_CHOICE } from '../report/report-verdict';

const EXTENSIONS: Record<ExportFormat, { extension: string; filter: string }> = {
  markdown: { extension: 'md', filter: 'Markdown' },
  csv: { extension: 'csv', filter: 'CSV' },
  json: { extension: 'json', filter: 'JSON' },
};

export async function exportReport(report: ComparisonReport | undefined, params: RequestMap['export']['params']): Promise<RequestMap['export']['result']> {
  if (!report) throw new Error('There is no finished comparison to export yet: run one first.');
  return saveOrCopy(
    renderReport(report, params.format, { priority: params.priority ?? DEFAULT_CHOICE.priority, transport: params.transport ?? DEFAULT_CHOICE.transport }),
    params,
    report.input.path,
    'payload-lab',
  );
}

/** The text copied, or saved where the user picks (suggested: `<prefix>-<sample name>.<ext>`). */
export async function saveOrCopy(
  text: string,
  params: RequestMap['export']['params'],
  samplePath: string,
  prefix: string,
): Promise<RequestMap['export']['result']> {
  if (params.destination === 'clipboard') {
    await vscode.env.clipboard.writeText(text);
    return { outcome: 'copied' };
  }
  const { extension, filter } = EXTENSIONS[params.format];
  const sampleName =
    samplePath
      .split(/[\\/]/)
      .pop()
      ?.replace(/\.[^.]+$/, '') || 'sample';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const suggested = `${prefix}-${sampleName}.${extension}`;
  const target = await vscode.window.showSaveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, suggested) : vscode.Uri.file(suggested),
    filters: { [filter]: [extension] },
    title: 'Export Payload Lab results',
  });
  if (!target) return { outcome: 'cancelled' };
  await vscode.workspace.fs.writeFile(target, Buffer.from(text, 'utf8'));
  return { outcome: 'saved', location: target.scheme === 'file' ? target.fsPath : target.toString() };
}
