/**
 * Check Schema Change as a kind of run (run-lifecycle.ts): two versions of a schema tried on
 * data in a codec worker (the evolution engine loads protobufjs and avsc, which never load in
 * the extension host), each cell of the matrix streamed into the panel as its records are read,
 * records read as progress. A version that does not load ends the run as an input problem
 * naming the version and where it came from (file:line:column). No vscode import: the editor's
 * side (diagnostics, opening a version) comes in as hooks, so tests drive it with a fake panel.
 */
import { checkSchemaChangeInWorker } from '../engine/schema-change-job';
import type { EngineLimits } from '../engine/settings';
import { SchemaInputError } from '../schema/schema-problem';
import type { SampleBytes } from '../shared/codec-job';
import type { EvolutionFormat, EvolutionProblem } from '../shared/evolution';
import { describeOrigin, type SchemaChangeProblem, type SchemaChangeVersion } from '../shared/schema-change-events';
import type { RunKindSpec } from './run-lifecycle';
import type { UriLike } from './sample-source';

export interface SchemaChangeVersionRequest extends SchemaChangeVersion {
  /** What the engine loads: `path` names the file in problems and locates its imports. */
  input: { path: string; text: string; imports?: Record<string, string> };
  /** Where the host opens this version at a line (a `git:` URI, the working file, a file). */
  uri: UriLike;
}

export interface SchemaChangeRequest {
  schemaName: string;
  format: EvolutionFormat;
  /** Oldest first. */
  versions: SchemaChangeVersionRequest[];
  typeName?: string;
  /** The user's records (used for each version whose schema they fit), or records generated from each writer's schema. */
  sample: { kind: 'sample'; name: string; bytes: SampleBytes } | { kind: 'generated'; count: number; seed: number };
  limits?: Partial<EngineLimits>;
  /** The codec worker's script (tests; the extension's bundle by default). */
  workerScript?: string;
}

/** The versions' problems, each named by its version and origin; the first one located as a SchemaInputError is. */
export class SchemaVersionProblemsError extends SchemaInputError {
  override name = 'SchemaVersionProblemsError';
  constructor(
    readonly problems: readonly EvolutionProblem[],
    readonly versions: readonly SchemaChangeVersion[],
  ) {
    const first = problems[0]!;
    super(first.path, { line: first.line, column: first.column, message: describeProblem(first, versions) });
    this.message = problems.map((problem) => `${problem.path}:${problem.line}:${problem.column}: ${describeProblem(problem, versions)}`).join('; ');
  }
}

/** The problem's words with the version it is in: `illegal token 'x' (the old version: HEAD (a1b2c3d))`. */
export function describeProblem(problem: EvolutionProblem, versions: readonly SchemaChangeVersion[]): string {
  const version = versions.find((each) => each.label === problem.version);
  return version ? `${problem.message} (the ${version.label} version: ${describeOrigin(version.origin)})` : problem.message;
}

/** Each problem with its version's index, and whether it is in that version's own text (which opens at the line). */
export function locateProblems(problems: readonly EvolutionProblem[], versions: readonly SchemaChangeVersionRequest[]): SchemaChangeProblem[] {
  return problems.map((problem) => {
    const index = versions.findIndex((version) => version.label === problem.version);
    const version = versions[index];
    return { ...problem, ...(version ? { versionIndex: index } : {}), opens: version !== undefined && version.input.path === problem.path };
  });
}

export function sampleNameOf(sample: SchemaChangeRequest['sample']): string {
  return sample.kind === 'sample' ? sample.name : `${sample.count} records generated from each version (seed ${sample.seed})`;
}

export interface SchemaChangeHooks {
  /** A run began with these versions (kept to open them at a finding's line). */
  started?(runId: number, request: SchemaChangeRequest): void;
  showFailure?: RunKindSpec<'schemaChange', SchemaChangeRequest, unknown>['showFailure'];
}

export function schemaChangeRun(hooks: SchemaChangeHooks = {}): RunKindSpec<'schemaChange', SchemaChangeRequest, unknown> {
  return {
    kind: 'schemaChange',
    logName: 'schema change',
    title: (request) => `checking the schema change of ${request.schemaName}`,
    cancelled: 'the worker reading the records was stopped',
    ...(hooks.showFailure ? { showFailure: hooks.showFailure } : {}),
    finishedNote: (report) => {
      const pair = report.pairs[0];
      return pair
        ? `${report.versions[pair.older]!.label} → ${report.versions[pair.newer]!.label}: ${pair.mode} (rules ${pair.registry.mode}, data ${pair.data.mode})`
        : `${report.cells.length} cells`;
    },
    async work(request, run) {
      const versions = request.versions.map(({ label, location, origin }) => ({ label, location, origin }));
      const sampleName = sampleNameOf(request.sample);
      hooks.started?.(run.runId, request);
      run.start(
        { schemaName: request.schemaName, format: request.format, versions, ...(request.typeName ? { typeName: request.typeName } : {}), sampleName },
        `${request.schemaName}: ${versions.map((version) => `${version.label} from ${describeOrigin(version.origin)}`).join(', ')}; ${sampleName}`,
      );
      let reported = 0;
      const result = await checkSchemaChangeInWorker(
        {
          versions: request.versions.map((version) => ({ ...version.input, label: version.label })),
          ...(request.typeName ? { typeName: request.typeName } : {}),
          ...(request.sample.kind === 'sample' ? { sample: request.sample.bytes } : { generate: { count: request.sample.count, seed: request.sample.seed } }),
        },
        {
          ...request.limits,
          ...(request.workerScript ? { workerScript: request.workerScript } : {}),
          signal: run.signal,
          onProgress: ({ done, total, cell }) => {
            run.progress({ done, total });
            if (cell) run.item({ type: 'cell', cell });
            // The notification's bar moves by the share read since the last report.
            const share = total > 0 ? (100 * (done - reported)) / total : 0;
            reported = done;
            run.notify(`${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records read`, share);
          },
        },
      );
      if (result.status === 'invalid') {
        run.item({ type: 'problems', problems: locateProblems(result.problems, request.versions) });
        throw new SchemaVersionProblemsError(result.problems, versions);
      }
      return result.report;
    },
  };
}
