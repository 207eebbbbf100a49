/**
 * The records each writer version writes: the user's sample where it fits that version's
 * schema, otherwise records generated from the schema (a sample written for the old schema
 * rarely fits a new one that requires a new field; the note says where it stops fitting).
 */
import type { WriterRecords } from '../shared/evolution';
import { generateAvroRecords, generateProtoRecords } from '../schema/generate-sample';
import { checkProtoFit, describeMismatch, findAvroMismatch, type SampleMismatch } from '../schema/sample-fit';
import type { LoadedVersion } from './versions';

export interface RecordsChoice {
  /** The sample, parsed: one record, or an array of records. */
  sample?: { path: string; value: unknown };
  /** Records generated from each writer's schema when there is no sample (or it does not fit). */
  generate: { count: number; seed: number };
}

export interface WriterInput {
  records: unknown[];
  info: WriterRecords;
}

export function writerRecords(version: LoadedVersion, choice: RecordsChoice): WriterInput {
  if (choice.sample) {
    const records = sampleRecords(version, choice.sample.value);
    const mismatch = firstMismatch(version, records);
    if (!mismatch) return { records, info: { source: 'sample', records: records.length } };
    const count = Math.max(records.length, choice.generate.count);
    const where = mismatch.index === undefined ? describeMismatch(mismatch.found) : `record ${mismatch.index}: ${describeMismatch(mismatch.found)}`;
    const note = `the sample does not fit ${version.label} (${where}): ${count} records generated from ${version.label}'s schema instead`;
    return { records: generated(version, { count, seed: choice.generate.seed }), info: { source: 'generated', records: count, note } };
  }
  return { records: generated(version, choice.generate), info: { source: 'generated', records: choice.generate.count } };
}

/** A JSON array is a list of records unless the root type itself is read from an array. */
function sampleRecords(version: LoadedVersion, value: unknown): unknown[] {
  if (!Array.isArray(value)) return [value];
  if (version.format === 'avro' && version.plainType.typeName === 'array' && !findAvroMismatch(version.jsonType, value)) return [value];
  return value;
}

function firstMismatch(version: LoadedVersion, records: readonly unknown[]): { found: SampleMismatch; index?: number } | undefined {
  for (let index = 0; index < records.length; index++) {
    const found = version.format === 'proto' ? checkProtoFit(version.type, records[index]).mismatch : findAvroMismatch(version.jsonType, records[index]);
    if (found) return records.length === 1 ? { found } : { found, index };
  }
  return records.length === 0 ? { found: { path: '$', value: '[]', expected: 'at least one record' } } : undefined;
}

function generated(version: LoadedVersion, options: { count: number; seed: number }): unknown[] {
  return version.format === 'proto' ? generateProtoRecords(version.type, options) : generateAvroRecords(version.jsonType, options);
}
