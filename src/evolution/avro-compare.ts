/**
 * Compares what an Avro writer wrote (avsc decoding its own bytes) with what a reader decoded
 * from them: fields paired by name or by the reader's aliases (Avro's resolution rule), union
 * values unwrapped to their branch, numbers by value. Without a resolver avsc reads the bytes
 * in the reader's field order, so a reader field the writer lacks holds other fields' bytes.
 */
import type * as avro from 'avsc';
import type { ReadingMode } from '../shared/evolution';
import { MapKey, type ReadingFindings } from './findings';
import { ABSENT, leafCount, numbersEqual, valuesEqual } from './json-values';

type Plain = Record<string, unknown>;

const NUMERIC = new Set(['int', 'long', 'float', 'double']);

/** A map type's values type: avsc declares `valuesType` as any, though it is always the values' Type. */
export function mapValuesType(type: avro.Type): avro.Type {
  return (type as avro.types.MapType).valuesType as avro.Type;
}

export function describeAvroType(type: avro.Type): string {
  if (type.name) return `${type.typeName} ${type.name}`;
  if (type.typeName.startsWith('union')) return `[${(type as avro.types.UnwrappedUnionType).types.map(describeAvroType).join(', ')}]`;
  return type.typeName;
}

/** The branch of a union a decoded value is in, and the value inside it. */
function branchOf(type: avro.Type, value: unknown): [avro.Type, unknown] {
  if (type.typeName === 'union:wrapped') {
    const branches = (type as avro.types.WrappedUnionType).types;
    if (value === null) return [branches.find((branch) => branch.typeName === 'null') ?? type, null];
    const [key] = Object.keys(value as Plain);
    const branch = branches.find((candidate) => candidate.branchName === key);
    return branch ? [branch, (value as Plain)[key!]] : [type, value];
  }
  if (type.typeName === 'union:unwrapped') {
    const branch = (type as avro.types.UnwrappedUnionType).types.find((candidate) => candidate.isValid(value));
    return branch ? [branch, value] : [type, value];
  }
  return [type, value];
}

export function compareAvroValue(writer: avro.Type, reader: avro.Type, written: unknown, read: unknown, mode: ReadingMode, findings: ReadingFindings): void {
  const [writerBranch, writtenValue] = branchOf(writer, written);
  const [readerBranch, readValue] = branchOf(reader, read);
  const kind = (type: avro.Type) => (type.typeName === 'error' ? 'record' : type.typeName);
  if (kind(writerBranch) === 'record' && kind(readerBranch) === 'record' && isObject(readValue)) {
    return compareRecords(writerBranch as avro.types.RecordType, readerBranch as avro.types.RecordType, writtenValue as Plain, readValue, mode, findings);
  }
  if (writerBranch.typeName === 'array' && readerBranch.typeName === 'array' && Array.isArray(readValue)) {
    const items = [(writerBranch as avro.types.ArrayType).itemsType, (readerBranch as avro.types.ArrayType).itemsType] as const;
    (writtenValue as unknown[]).forEach((item, index) => {
      findings.push(index);
      if (index < readValue.length) compareAvroValue(items[0], items[1], item, readValue[index], mode, findings);
      else findings.differ(item, ABSENT, `${reasonPrefix(mode)}the reader's list is shorter`);
      findings.pop();
    });
    return;
  }
  if (writerBranch.typeName === 'map' && readerBranch.typeName === 'map' && isObject(readValue)) {
    const values = [mapValuesType(writerBranch), mapValuesType(readerBranch)] as const;
    for (const [key, item] of Object.entries(writtenValue as Plain)) {
      findings.push(new MapKey(key));
      if (Object.hasOwn(readValue, key)) compareAvroValue(values[0], values[1], item, readValue[key], mode, findings);
      else findings.differ(item, ABSENT, `${reasonPrefix(mode)}the key is not in the reader's map`);
      findings.pop();
    }
    return;
  }
  if (sameLeaf(writerBranch, readerBranch, writtenValue, readValue)) findings.same();
  else findings.differ(writtenValue, readValue, avroReason(writerBranch, readerBranch, writtenValue, readValue, mode));
}

function compareRecords(
  writer: avro.types.RecordType,
  reader: avro.types.RecordType,
  written: Plain,
  read: Plain,
  mode: ReadingMode,
  findings: ReadingFindings,
): void {
  const matched = new Set<avro.types.Field>();
  for (const field of writer.fields) {
    const counterpart =
      reader.fields.find((candidate) => candidate.name === field.name) ?? reader.fields.find((candidate) => candidate.aliases.includes(field.name));
    if (!counterpart) {
      findings.drop(field.name, leafCount(written[field.name]));
      continue;
    }
    matched.add(counterpart);
    findings.push(field.name);
    compareAvroValue(field.type, counterpart.type, written[field.name], read[counterpart.name], mode, findings);
    findings.pop();
  }
  for (const field of reader.fields) {
    if (matched.has(field)) continue;
    if (mode === 'resolver') {
      findings.fill(field.name, read[field.name]);
    } else {
      findings.push(field.name);
      findings.differ(ABSENT, read[field.name], 'not written by this writer: read without a resolver, from bytes written for other fields');
      findings.pop();
    }
  }
}

function isObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function sameLeaf(writer: avro.Type, reader: avro.Type, written: unknown, read: unknown): boolean {
  if (NUMERIC.has(writer.typeName) && NUMERIC.has(reader.typeName)) return numbersEqual(written, read);
  const textual = (type: avro.Type) => type.typeName === 'string';
  if (textual(writer) !== textual(reader)) return false;
  return valuesEqual(written, read);
}

function reasonPrefix(mode: ReadingMode): string {
  return mode === 'decode' ? 'without a resolver: ' : '';
}

function avroReason(writer: avro.Type, reader: avro.Type, written: unknown, read: unknown, mode: ReadingMode): string {
  const w = describeAvroType(writer);
  const r = describeAvroType(reader);
  const prefix = reasonPrefix(mode);
  if (mode === 'decode' && w !== r) return `${prefix}the ${w} bytes read as ${r}`;
  if (writer.typeName === 'enum' && reader.typeName === 'enum' && !(reader as avro.types.EnumType).symbols.includes(String(written))) {
    return `${prefix}symbol ${String(written)} is not in the reader's ${r}: read as its default ${String(read)}`;
  }
  if (/^(int|long)$/.test(writer.typeName) && reader.typeName === 'float') return `${prefix}${w} promoted to float: rounded to 24 significant bits`;
  if (writer.typeName === 'long' && reader.typeName === 'double') return `${prefix}long promoted to double: rounded to 53 significant bits`;
  if (writer.typeName === 'string' && reader.typeName === 'bytes')
    return `${prefix}text read as bytes: the same UTF-8 bytes, but your code gets bytes (base64 here), not a string`;
  if (writer.typeName === 'bytes' && reader.typeName === 'string') return `${prefix}bytes read as text: bytes that are not UTF-8 become U+FFFD`;
  if (mode === 'decode') return `${prefix}the bytes were read in the reader's layout, which differs from the writer's`;
  return `${prefix}${w} read as ${r}`;
}
