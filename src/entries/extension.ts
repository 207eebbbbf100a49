/**
 * Activation registers commands, the panel serializer and the log, nothing else: no codec
 * library loads here (they load only inside the workers of a run).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { compareEncodings } from '../commands/compare-encodings';
import { runBenchmark, type BenchmarkChoices } from '../commands/run-benchmark';
import { ComparisonSession } from '../host/comparison-session';
import { probeRun } from '../host/probe-run';
import { InspectorHost } from '../host/inspector-host';
import { compareWithSchema, openInferredSchema } from '../commands/schema-actions';
import { exportReport } from '../panel/export-request';
import { exportSweep } from '../panel/export-sweep-request';
import { sweepRun } from '../host/sweep-run';
import { RunLifecycle } from '../host/run-lifecycle';
import { vscodeRunHost } from '../host/vscode-run-host';
import { ResultsPanel, type PanelActions } from '../panel/results-panel';
import { RESULTS_VIEW_TYPE } from '../shared/protocol';
import type { RunKind } from '../shared/run-events';
import { SchemaDiagnostics } from '../host/schema-diagnostics';
import { openSample } from '../commands/open-sample';
import { compareBundledSample, openInferredSchemaCommand, showResults } from '../commands/walkthrough';
import { checkSchemaChange } from '../commands/check-schema-change';
import { useWorkerCodeCache } from '../engine/worker-code-cache';
import { SchemaChangeHost } from '../host/schema-change-host';
import { offerRerunOnTrust } from '../host/workspace-trust';

/** Said when the panel asks for its sample again after a reload lost it (only saved files are kept). */
const UNKNOWN_SAMPLE = 'Payload Lab: the sample of this panel is not known any more (it was unsaved editor text). Run a comparison again.';

export function activate(context: vscode.ExtensionContext): void {
  // Workers keep their bundle's compiled code in the extension's own storage, as generated code is.
  useWorkerCodeCache(path.join(context.globalStorageUri.fsPath, 'v8-code-cache'));
  const log = vscode.window.createOutputChannel('Payload Lab', { log: true });
  const actions = (): PanelActions => ({
    requests: {
      rerun: () => {
        if (session.lastRequest) void session.rerun();
        else void vscode.commands.executeCommand('payloadLab.runBenchmark');
      },
      cancel: ({ kind }) => runs[kind].cancel(),
      'set-variants': ({ variants }) => void session.rerunWithVariants(variants),
      'set-message-mode': ({ messages }) => {
        if (session.lastRequest) void session.rerunWithMessages(messages);
        else void vscode.window.showInformationMessage(UNKNOWN_SAMPLE);
      },
      'probe-libraries': () => void probes.run(),
      'inspector-close': () => inspector.close(),
      'open-sample': () => {
        const request = session.lastRequest;
        if (!request) {
          void vscode.window.showInformationMessage(UNKNOWN_SAMPLE);
          return;
        }
        openSample(request.source).then(undefined, (error: Error) => {
          void vscode.window.showErrorMessage(`Payload Lab: cannot open ${request.source.location}: ${error.message}`);
        });
      },
      export: (params) => exportReport(session.reportOf(params.run), params),
      'export-sweep': (params) => exportSweep(sweeps.reportOf(params.run), params),
      'open-inferred-schema': (params) => openInferredSchema(session, params.format),
      'open-schema-version': (params) => void schemaChanges.openVersion(params),
      ...inspector.handlers,
    },
    pageLoaded: () => inspector.close(),
    panelClosed: () => {
      cancelAll();
      inspector.close();
    },
  });
  const host = vscodeRunHost(context, log, actions);
  const schemaDiagnostics = new SchemaDiagnostics();
  const session = new ComparisonSession(context, host, schemaDiagnostics);
  const probes = new RunLifecycle(probeRun, host);
  const sweeps = new RunLifecycle(sweepRun, host);
  const schemaChanges = new SchemaChangeHost(host, schemaDiagnostics);
  // Every kind of run, each cancelled by its own Stop in the panel; Cancel Run stops them all.
  const runs: Record<RunKind, { cancel(): void }> = { comparison: session, probes, sweep: sweeps, schemaChange: schemaChanges };
  const cancelAll = () => Object.values(runs).forEach((run) => run.cancel());
  const inspector = new InspectorHost(session, log);
  const trustGranted = offerRerunOnTrust(
    () => session.lastSkippedForTrust,
    () => void session.rerun(),
  );

  context.subscriptions.push(
    log,
    session,
    probes,
    sweeps,
    schemaChanges,
    inspector,
    trustGranted,
    schemaDiagnostics,
    vscode.commands.registerCommand('payloadLab.compareEncodings', (resource?: vscode.Uri) =>
      compareEncodings(session, schemaDiagnostics, context.extensionUri, resource),
    ),
    vscode.commands.registerCommand('payloadLab.runBenchmark', (choices?: BenchmarkChoices) => runBenchmark(session, context, choices, sweeps)),
    vscode.commands.registerCommand('payloadLab.compareWithSchema', (resource?: vscode.Uri) =>
      compareWithSchema(session, schemaDiagnostics, context.extensionUri, resource),
    ),
    vscode.commands.registerCommand('payloadLab.checkSchemaChange', (resource?: unknown) => checkSchemaChange(schemaChanges, session, resource)),
    vscode.commands.registerCommand('payloadLab.cancelRun', cancelAll),
    // The Getting Started walkthrough's steps (package.json `walkthroughs`).
    vscode.commands.registerCommand('payloadLab.compareBundledSample', () => compareBundledSample(session, context.extensionUri)),
    vscode.commands.registerCommand('payloadLab.showResults', () =>
      showResults(session, context.extensionUri, ResultsPanel.open && (() => void ResultsPanel.show(context.extensionUri, actions()))),
    ),
    vscode.commands.registerCommand('payloadLab.openInferredSchema', (format?: unknown) => openInferredSchemaCommand(session, format)),
    vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel) {
        ResultsPanel.revive(panel, context.extensionUri, actions());
      },
    }),
  );
}

export function deactivate(): void {
  // Disposables registered on the context stop running workers and close the panel.
}
