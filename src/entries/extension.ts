/**
 * Activation registers commands, the panel serializer and the log, nothing else: no codec
 * library loads here (they load only inside the workers of a run).
 */
import * as vscode from 'vscode';
import { compareEncodings } from '../commands/compare-encodings';
import { runBenchmark, type BenchmarkChoices } from '../commands/run-benchmark';
import { ComparisonSession } from '../host/comparison-session';
import { ProbeSession } from '../host/probe-session';
import { InspectorHost } from '../host/inspector-host';
import { compareWithSchema, openInferredSchema } from '../commands/schema-actions';
import { exportReport } from '../panel/export-request';
import { exportSweep } from '../panel/export-sweep-request';
import { SweepSession } from '../host/sweep-session';
import { ResultsPanel, type PanelActions } from '../panel/results-panel';
import { RESULTS_VIEW_TYPE } from '../shared/protocol';
import { SchemaDiagnostics } from '../host/schema-diagnostics';
import { openSample } from '../commands/open-sample';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Payload Lab', { log: true });
  const actions = (): PanelActions => ({
    rerun: () => {
      if (session.lastRequest) void session.rerun();
      else void vscode.commands.executeCommand('payloadLab.runBenchmark');
    },
    cancel: () => session.cancel(),
    setVariants: (variants) => void session.rerunWithVariants(variants),
    probeLibraries: () => void probes.probe(),
    cancelProbes: () => probes.cancel(),
    cancelSweep: () => sweeps.cancel(),
    closeInspector: () => inspector.close(),
    openSample: () => {
      const request = session.lastRequest;
      if (!request) {
        void vscode.window.showInformationMessage('Payload Lab: the sample of this panel is not known any more (it was unsaved editor text). Run a comparison again.');
        return;
      }
      openSample(request.source).then(undefined, (error: Error) => {
        void vscode.window.showErrorMessage(`Payload Lab: cannot open ${request.source.location}: ${error.message}`);
      });
    },
    panelClosed: () => {
      session.cancel();
      probes.cancel();
      sweeps.cancel();
      inspector.close();
    },
    requests: {
      export: (params) => exportReport(session.lastReport, params),
      'export-sweep': (params) => exportSweep(sweeps.lastReport, params),
      'open-inferred-schema': (params) => openInferredSchema(session, params.format),
      ...inspector.handlers,
    },
  });
  const schemaDiagnostics = new SchemaDiagnostics();
  const session = new ComparisonSession(context, log, actions, schemaDiagnostics);
  const probes = new ProbeSession(context, log, actions);
  const sweeps = new SweepSession(context, log, actions, session);
  const inspector = new InspectorHost(session, log);

  context.subscriptions.push(
    log,
    session,
    probes,
    sweeps,
    inspector,
    schemaDiagnostics,
    vscode.commands.registerCommand('payloadLab.compareEncodings', (resource?: vscode.Uri) => compareEncodings(session, schemaDiagnostics, context.extensionUri, resource)),
    vscode.commands.registerCommand('payloadLab.runBenchmark', (choices?: BenchmarkChoices) => runBenchmark(session, context, choices, sweeps)),
    vscode.commands.registerCommand('payloadLab.compareWithSchema', (resource?: vscode.Uri) => compareWithSchema(session, schemaDiagnostics, context.extensionUri, resource)),
    vscode.commands.registerCommand('payloadLab.cancelRun', () => session.cancel()),
    vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel) {
        ResultsPanel.revive(panel, context.extensionUri, actions(), log);
      },
    }),
  );
}

export function deactivate(): void {
  // Disposables registered on the context stop running workers and close the panel.
}
