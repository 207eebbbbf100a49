/**
 * Check Schema Change in the editor: its run lifecycle (schema-change-run.ts), the versions of
 * the run on show (to open one at a finding's line when the panel asks: the old one as a
 * read-only `git:` document or its file, the new one as the working file, beside the panel),
 * and bad versions told where they are: the working file's (and a picked file's) problems in
 * the Problems view, a git version's in a message naming its ref, with a button to open it.
 */
import * as vscode from 'vscode';
import { SchemaInputError } from '../schema/schema-problem';
import type { EvolutionProblem, EvolutionReport } from '../shared/evolution';
import { describeOrigin } from '../shared/schema-change-events';
import { type RunHost, RunLifecycle, type RunPanel } from './run-lifecycle';
import { describeProblem, type SchemaChangeRequest, type SchemaChangeVersionRequest, schemaChangeRun, SchemaVersionProblemsError } from './schema-change-run';
import { revealSchemaPosition, type SchemaDiagnostics, schemaUriOf } from './schema-diagnostics';
import type { UriLike } from './sample-source';

export class SchemaChangeHost implements vscode.Disposable {
  private readonly runs: RunLifecycle<'schemaChange', SchemaChangeRequest>;
  /** The versions of the last run started, by its id. */
  private shown: { runId: number; versions: SchemaChangeVersionRequest[] } | undefined;

  constructor(
    host: RunHost<RunPanel>,
    private readonly diagnostics: SchemaDiagnostics,
  ) {
    this.runs = new RunLifecycle(
      schemaChangeRun({
        started: (runId, request) => {
          this.shown = { runId, versions: request.versions };
          for (const version of request.versions) if (version.origin.kind !== 'git') diagnostics.clear(version.input.path);
        },
        showFailure: (error, message) => {
          if (error instanceof SchemaVersionProblemsError) this.reportProblems(error.problems, this.shown?.versions ?? []);
          else void vscode.window.showErrorMessage(`Payload Lab: the schema change check failed: ${message}`);
        },
      }),
      host,
    );
  }

  run(request: SchemaChangeRequest): Promise<EvolutionReport | undefined> {
    return this.runs.run(request);
  }

  cancel(): void {
    this.runs.cancel();
  }

  dispose(): void {
    this.runs.dispose();
  }

  get lastReport(): EvolutionReport | undefined {
    return this.runs.lastReport;
  }

  /** The panel's link to a finding's line in one version. */
  async openVersion(params: { runId: number; version: number; line: number; column: number }): Promise<void> {
    const version = this.shown?.runId === params.runId ? this.shown.versions[params.version] : undefined;
    if (!version) {
      void vscode.window.showInformationMessage('Payload Lab: the versions of this schema change are not known any more. Run Check Schema Change again.');
      return;
    }
    try {
      await revealSchemaPosition(vscodeUri(version.uri), position(params.line, params.column));
    } catch (error) {
      void vscode.window.showErrorMessage(
        `Payload Lab: cannot open the ${version.label} version (${describeOrigin(version.origin)}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Each problem where the user can act on it: a file's in the Problems view (with a message
   * and Go to Error), a git version's in a message naming the ref (its text is not on disk).
   */
  reportProblems(problems: readonly EvolutionProblem[], versions: readonly SchemaChangeVersionRequest[]): void {
    for (const problem of problems) {
      const version = versions.find((each) => each.label === problem.version);
      const message = describeProblem(problem, versions);
      if (version && version.origin.kind !== 'git') {
        this.diagnostics.report(new SchemaInputError(problem.path, { line: problem.line, column: problem.column, message }));
        continue;
      }
      const text = `Payload Lab: ${problem.path}:${problem.line}:${problem.column}: ${message}`;
      // A git version's own file opens at its ref; its imports are named, not opened.
      const opensAt = version && version.input.path === problem.path ? version : undefined;
      if (!opensAt) {
        void vscode.window.showErrorMessage(text);
        continue;
      }
      const button = `Open ${opensAt.origin.kind === 'git' ? opensAt.origin.ref : opensAt.label} Version`;
      void vscode.window.showErrorMessage(text, button).then((choice) => {
        if (choice) void revealSchemaPosition(vscodeUri(opensAt.uri), position(problem.line, problem.column));
      });
    }
  }
}

function position(line: number, column: number): vscode.Position {
  return new vscode.Position(Math.max(line - 1, 0), Math.max(column - 1, 0));
}

/** The URI kept with a version: VS Code's own, or one parsed back from its text. */
function vscodeUri(uri: UriLike): vscode.Uri {
  return uri instanceof vscode.Uri ? uri : schemaUriOf(uri.toString());
}
