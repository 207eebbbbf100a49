/**
 * Schema change, tried on the user's data: the engine's one entry. A plain async
 * function of plain data (schema texts, the parsed sample) returning the plain-data report of
 * `shared/evolution.ts`, so the extension can run it in a worker as long work (progress
 * events, a cell at a time; an AbortSignal) and the CLI calls it directly. No I/O, no vscode.
 */
import { libraryVersion } from '../codecs/library-version';
import type { CellReading, EvolutionCell, EvolutionProblem, EvolutionProgress, EvolutionReport, EvolutionResult, Refusal } from '../shared/evolution';
import { BUF_RULES } from './buf-rules';
import { pairLabels, transitiveLabels, withDisagreements, type RulesTable } from './labels';
import { pairRules } from './pair-rules';
import { REGISTRY_PROTO_RULES } from './proto-registry-rules';
import { runMatrix, writeRecords, type WriterData } from './run-matrix';
import { loadVersions, type LoadedVersion, type SchemaVersionInput } from './versions';
import { writerRecords } from './writer-records';

export type { SchemaVersionInput } from './versions';

export interface SchemaChangeInput {
  /** Oldest first; two or more. */
  versions: SchemaVersionInput[];
  /** The message to compare (default: the newest version's root message, if every version has it). */
  typeName?: string;
  /** The user's records, parsed (one record, or an array of them). */
  sample?: { path: string; value: unknown };
  /** Records generated from each writer's schema, when there is no sample or it does not fit. */
  generate?: { count: number; seed: number };
}

export interface SchemaChangeOptions {
  signal?: AbortSignal;
  onProgress?: (progress: EvolutionProgress) => void;
}

export const DEFAULT_GENERATED = { count: 100, seed: 1 };

export const AVRO_REGISTRY_RULES = [
  'NAME_MISMATCH',
  'FIXED_SIZE_MISMATCH',
  'MISSING_ENUM_SYMBOLS',
  'READER_FIELD_MISSING_DEFAULT_VALUE',
  'TYPE_MISMATCH',
  'MISSING_UNION_BRANCH',
];

export async function checkSchemaChange(input: SchemaChangeInput, options: SchemaChangeOptions = {}): Promise<EvolutionResult> {
  const loaded = loadVersions(input.versions, input.typeName);
  if (!loaded.ok) return { status: 'invalid', problems: loaded.problems };
  const { versions, format } = loaded;
  const generate = input.generate ?? DEFAULT_GENERATED;
  const chosen = versions.map((version) => writerRecords(version, { ...(input.sample ? { sample: input.sample } : {}), generate }));
  const written: WriterData[] = [];
  const problems: EvolutionProblem[] = [];
  versions.forEach((version, index) => {
    try {
      written.push(writeRecords(version, chosen[index]!.records));
    } catch (error) {
      problems.push({
        version: version.label,
        path: version.path,
        line: 1,
        column: 1,
        message: `cannot write the records with this version: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
  if (problems.length > 0) return { status: 'invalid', problems };
  const rules: RulesTable = versions.map((older, i) => versions.map((newer, j) => (i < j ? pairRules(older, newer) : undefined)));
  const cells = await runMatrix(versions, written, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    finishCell: (cell) => explainRefusals(withDisagreements(cell, rules), rules),
  });
  const count = versions.length;
  const report: EvolutionReport = {
    format,
    library: format === 'proto' ? { name: 'protobufjs', version: libraryVersion('protobufjs') } : { name: 'avsc', version: libraryVersion('avsc') },
    versions: versions.map((version) => ({
      label: version.label,
      path: version.path,
      typeName: version.typeName,
      ...(version.format === 'proto' ? { syntax: version.syntax } : {}),
    })),
    sample: { description: sampleDescription(input, generate), perWriter: chosen.map((each) => each.info) },
    cells,
    pairs: versions.slice(1).map((_, index) => pairLabels(index, index + 1, rules, cells, count)),
    ...(count > 2 ? { transitive: transitiveLabels(rules, cells, count) } : {}),
    rules: format === 'proto' ? { registry: [...REGISTRY_PROTO_RULES], buf: Object.keys(BUF_RULES) } : { registry: AVRO_REGISTRY_RULES },
    notes: notesFor(versions),
  };
  return { status: 'completed', report };
}

function sampleDescription(input: SchemaChangeInput, generate: { count: number; seed: number }): string {
  if (input.sample) return `the sample ${input.sample.path}`;
  return `${generate.count} records generated from each writer's schema, seed ${generate.seed}`;
}

/**
 * Refusals get the reason and the fix from the rules of their direction, where the rules have
 * one; a refusal no rule explains (avsc matching named types by full name) gets what its
 * message says to do.
 */
function explainRefusals(cell: EvolutionCell, rules: RulesTable): EvolutionCell {
  if (cell.writer === cell.reader) return cell;
  const pair = rules[Math.min(cell.writer, cell.reader)]![Math.max(cell.writer, cell.reader)]!;
  const findings = cell.writer < cell.reader ? pair.backward : pair.forward;
  const explained = findings.find((finding) => finding.fix) ?? findings[0];
  const explain = (refused: Refusal): Refusal => {
    if (explained) return { ...refused, reason: explained.message, ...(explained.fix ? { fix: explained.fix } : {}) };
    const alias = /no alias found for ([\w.]+)/.exec(refused.message)?.[1];
    if (!alias) return refused;
    const reason = `avsc matches named types by their full name (Avro's rules compare the last part only): ${alias} has no counterpart in the reader`;
    return { ...refused, reason, fix: `add "aliases": ["${alias}"] to that type in the reader's schema` };
  };
  // Avro's direct reading fails for want of a resolver; the cell's `needs` says so already.
  const explains = (reading: CellReading) => reading.mode === 'resolver' || cell.readings.length === 1;
  return {
    ...cell,
    readings: cell.readings.map((reading) => (reading.refused && explains(reading) ? { ...reading, refused: explain(reading.refused) } : reading)),
  };
}

function notesFor(versions: readonly LoadedVersion[]): string[] {
  if (versions[0]!.format === 'proto') {
    return [
      'protobufjs pairs fields by number and checks each wire type: a field whose wire type changed is skipped as unknown (the reader gets its default), not misread.',
      'protobufjs drops unknown fields unless its Reader is told to keep them (discardUnknown = false): the re-encode check measures both.',
    ];
  }
  return [
    "avsc reads bytes in the reader's field order unless given a resolver (readerType.createResolver(writerType)), which applies Avro's resolution rules; avsc keeps no unknown fields.",
  ];
}
