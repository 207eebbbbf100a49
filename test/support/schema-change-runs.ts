/**
 * Real Check Schema Change runs recorded as the host's run events to the panel: the host's
 * RunLifecycle and schemaChangeRun (as the extension runs them), the evolution engine in a real
 * codec worker (dist/codec-worker.js) with the real protobufjs and avsc, and a panel that keeps
 * what it is sent. The versions are texts as the command gives them (an old one from git).
 */
import * as fs from 'node:fs';
import { RunLifecycle, type RunHost, type RunPanel } from '../../src/host/run-lifecycle';
import { type SchemaChangeRequest, schemaChangeRun } from '../../src/host/schema-change-run';
import type { EvolutionReport } from '../../src/shared/evolution';
import type { RunEvent, RunEventOf } from '../../src/shared/run-events';
import { fixture, repoRoot, workerScript } from './paths';

export interface RecordedSchemaChange {
  /** Undefined when the run ended otherwise (failed, cancelled). */
  report: EvolutionReport | undefined;
  messages: Array<RunEventOf<'schemaChange'>>;
  errors: string[];
}

/** The host's lifecycle of schema-change runs, with a panel and an editor that record what they are told. */
export function recordingHost(): {
  runs: RunLifecycle<'schemaChange', SchemaChangeRequest>;
  messages: Array<RunEventOf<'schemaChange'>>;
  errors: string[];
  log: string[];
} {
  const messages: Array<RunEventOf<'schemaChange'>> = [];
  const errors: string[] = [];
  const log: string[] = [];
  const panel: RunPanel = {
    emitRun: (event: RunEvent) => {
      if (event.kind === 'schemaChange') messages.push(event);
    },
  };
  const quiet = () => undefined;
  const host: RunHost<RunPanel> = {
    showPanel: () => panel,
    openPanel: () => panel,
    withProgress: (_title, work) => work({ report: quiet, onCancel: quiet }),
    log: { info: (line) => void log.push(line), warn: (line) => void log.push(line), error: (line) => void log.push(line) },
    showError: (message) => void errors.push(message),
    setBusy: quiet,
    storage: { get: () => undefined, update: quiet },
  };
  const runs = new RunLifecycle(schemaChangeRun({ showFailure: (_error, message) => void errors.push(message) }), host);
  return { runs, messages, errors, log };
}

export async function recordSchemaChange(request: Omit<SchemaChangeRequest, 'workerScript'>): Promise<RecordedSchemaChange> {
  const { runs, messages, errors } = recordingHost();
  const report = await runs.run({ ...request, workerScript });
  return { report, messages, errors };
}

const ITEMS = `${repoRoot}/schemas/Items.proto`;

function version(label: 'old' | 'new', filePath: string, text: string, relativePath: string): SchemaChangeRequest['versions'][number] {
  return {
    label,
    location: label === 'old' ? `HEAD:${relativePath}` : filePath,
    origin: label === 'old' ? { kind: 'git', ref: 'HEAD', commit: 'a1b2c3d', relativePath } : { kind: 'working', unsaved: true },
    uri:
      label === 'old'
        ? { scheme: 'git', fsPath: filePath, path: filePath, toString: () => `git:${filePath}?HEAD` }
        : { scheme: 'file', fsPath: filePath, path: filePath, toString: () => `file://${filePath}` },
    input: { path: filePath, text },
  };
}

/** The bundled Items.proto at HEAD, and in the editor with `x` changed from int32 to sint32. */
export function itemsXToSint32Request(
  sample: SchemaChangeRequest['sample'] = { kind: 'generated', count: 20, seed: 1 },
): Omit<SchemaChangeRequest, 'workerScript'> {
  const old = fs.readFileSync(ITEMS, 'utf8');
  const changed = old.replace('int32 x = 1;', 'sint32 x = 1;');
  return {
    schemaName: 'Items.proto',
    format: 'proto',
    versions: [version('old', ITEMS, old, 'schemas/Items.proto'), version('new', ITEMS, changed, 'schemas/Items.proto')],
    typeName: 'Items',
    sample,
  };
}

/** The same, on 20 records generated from each version. */
export function itemsXToSint32(): Promise<RecordedSchemaChange> {
  return recordSchemaChange(itemsXToSint32Request());
}

/** An Avro record with a field added without a default (the corpus's kind): old data through the new reader is refused. */
export function avroFieldAddedWithoutDefault(): Promise<RecordedSchemaChange> {
  const folder = fixture('evolution', 'avro', 'add-field-without-default');
  const file = `${folder}/Item.avsc`;
  return recordSchemaChange({
    schemaName: 'Item.avsc',
    format: 'avro',
    versions: [
      version('old', file, fs.readFileSync(`${folder}/old.avsc`, 'utf8'), 'schemas/Item.avsc'),
      version('new', file, fs.readFileSync(`${folder}/new.avsc`, 'utf8'), 'schemas/Item.avsc'),
    ],
    sample: { kind: 'generated', count: 10, seed: 1 },
  });
}

/** The new version has a syntax error: the run fails, naming the version and its line:column. */
export function itemsWithBrokenNewVersion(): Promise<RecordedSchemaChange> {
  const old = fs.readFileSync(ITEMS, 'utf8');
  const broken = old.replace('double y = 2;', 'double y = ;');
  return recordSchemaChange({
    schemaName: 'Items.proto',
    format: 'proto',
    versions: [version('old', ITEMS, old, 'schemas/Items.proto'), version('new', ITEMS, broken, 'schemas/Items.proto')],
    typeName: 'Items',
    sample: { kind: 'generated', count: 5, seed: 1 },
  });
}
