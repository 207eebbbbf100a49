/**
 * Avro's schema resolution rules as the Schema Registry checks them (Avro's Java
 * `SchemaCompatibility`: the reader can read everything the writer writes). The Registry's
 * BACKWARD is "the newer reads the older's data", FORWARD the reverse, FULL both.
 *
 * Rules (incompatibility types named as Java names them): NAME_MISMATCH (named types match by
 * unqualified name, or the reader's aliases hold the writer's full name), FIXED_SIZE_MISMATCH,
 * MISSING_ENUM_SYMBOLS (unless the reader's enum has a default), READER_FIELD_MISSING_DEFAULT_VALUE
 * (fields paired by name or the reader field's aliases), TYPE_MISMATCH (promotions int → long →
 * float → double, string ↔ bytes), MISSING_UNION_BRANCH.
 */
import type * as avro from 'avsc';
import { describeAvroType, mapValuesType } from './avro-compare';

export interface AvroRuleFinding {
  rule: string;
  message: string;
  fix?: string;
  /** Where to point in each version: a record's field, or a named type. */
  readerAt?: AvroTarget;
  writerAt?: AvroTarget;
}

export interface AvroTarget {
  type: string;
  field?: string;
}

const PROMOTIONS: Record<string, readonly string[]> = {
  long: ['int'],
  float: ['int', 'long'],
  double: ['int', 'long', 'float'],
  bytes: ['string'],
  string: ['bytes'],
};

/** Everything that stops `reader` from reading data written with `writer`; empty when it can. */
export function avroReadFindings(reader: avro.Type, writer: avro.Type, readerName = "the reader's schema"): AvroRuleFinding[] {
  const findings: AvroRuleFinding[] = [];
  check(reader, writer, [], new Set(), findings);
  return findings.map((finding) => (finding.fix ? { ...finding, fix: finding.fix.replace("the reader's schema", readerName) } : finding));
}

function kind(type: avro.Type): string {
  if (type.typeName.startsWith('union')) return 'union';
  return type.typeName === 'error' ? 'record' : type.typeName;
}

const shortName = (name: string | undefined) => (name ?? '').split('.').at(-1)!;

function namesMatch(reader: avro.Type, writer: avro.Type): boolean {
  return shortName(reader.name) === shortName(writer.name) || (reader.aliases ?? []).includes(writer.name ?? '');
}

function check(reader: avro.Type, writer: avro.Type, at: string[], seen: Set<string>, findings: AvroRuleFinding[]): void {
  const where = at.length > 0 ? ` at ${at.join('.')}` : '';
  const readerKind = kind(reader);
  const writerKind = kind(writer);
  if (readerKind === writerKind && readerKind !== 'union') {
    if (reader.name !== undefined) {
      // Recursive types: a pair already being checked counts as compatible (as Java memoizes it).
      const key = `${reader.name}|${writer.name}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (!namesMatch(reader, writer)) {
        findings.push({
          rule: 'NAME_MISMATCH',
          message: `the reader's ${describeAvroType(reader)} does not match the writer's ${describeAvroType(writer)}${where} (names match by their last part, or through the reader's aliases)`,
          fix: `add "aliases": ["${writer.name}"] to ${shortName(reader.name)} in the reader`,
          readerAt: { type: reader.name },
          writerAt: { type: writer.name! },
        });
        return;
      }
    }
    switch (readerKind) {
      case 'array':
        return check((reader as avro.types.ArrayType).itemsType, (writer as avro.types.ArrayType).itemsType, [...at, '[]'], seen, findings);
      case 'map':
        return check(mapValuesType(reader), mapValuesType(writer), [...at, '{}'], seen, findings);
      case 'fixed':
        return checkFixed(reader as avro.types.FixedType, writer as avro.types.FixedType, where, findings);
      case 'enum':
        return checkEnum(reader as avro.types.EnumType, writer as avro.types.EnumType, where, findings);
      case 'record':
        return checkRecord(reader as avro.types.RecordType, writer as avro.types.RecordType, at, seen, findings);
      default:
        return;
    }
  }
  if (writerKind === 'union') {
    for (const branch of (writer as avro.types.UnwrappedUnionType).types) check(reader, branch, at, seen, findings);
    return;
  }
  if (readerKind === 'union') {
    const branches = (reader as avro.types.UnwrappedUnionType).types;
    if (branches.some((branch) => avroReadFindings(branch, writer).length === 0)) return;
    findings.push({
      rule: 'MISSING_UNION_BRANCH',
      message: `the reader's union ${describeAvroType(reader)}${where} has no branch for the writer's ${describeAvroType(writer)}`,
      fix: `keep a ${describeAvroType(writer)} branch in the reader's union`,
    });
    return;
  }
  if (PROMOTIONS[readerKind]?.includes(writerKind)) return;
  findings.push({
    rule: 'TYPE_MISMATCH',
    message: `the reader's ${describeAvroType(reader)} cannot read the writer's ${describeAvroType(writer)}${where}`,
    fix: 'Avro promotes only int → long → float → double and string ↔ bytes: keep the type, or add a new field with the new type (and a default)',
  });
}

function checkFixed(reader: avro.types.FixedType, writer: avro.types.FixedType, where: string, findings: AvroRuleFinding[]): void {
  if (reader.size === writer.size) return;
  findings.push({
    rule: 'FIXED_SIZE_MISMATCH',
    message: `fixed ${shortName(reader.name)}${where} is ${reader.size} bytes to the reader and ${writer.size} to the writer`,
    fix: `keep size ${writer.size}`,
    readerAt: { type: reader.name! },
    writerAt: { type: writer.name! },
  });
}

function checkEnum(reader: avro.types.EnumType, writer: avro.types.EnumType, where: string, findings: AvroRuleFinding[]): void {
  const missing = writer.symbols.filter((symbol) => !reader.symbols.includes(symbol));
  // avsc keeps the enum's default symbol on the type; its typings do not declare it.
  const readerDefault: unknown = Reflect.get(reader, 'default');
  if (missing.length === 0 || readerDefault !== undefined) return;
  findings.push({
    rule: 'MISSING_ENUM_SYMBOLS',
    message: `the writer's enum ${shortName(writer.name)}${where} has ${missing.join(', ')}, which the reader's lacks (and it has no default symbol)`,
    fix: `keep ${missing.join(', ')} in the reader's enum ${shortName(reader.name)}, or give it a "default" symbol`,
    readerAt: { type: reader.name! },
    writerAt: { type: writer.name! },
  });
}

function checkRecord(reader: avro.types.RecordType, writer: avro.types.RecordType, at: string[], seen: Set<string>, findings: AvroRuleFinding[]): void {
  const record = shortName(reader.name);
  for (const field of reader.fields) {
    const counterpart =
      writer.fields.find((candidate) => candidate.name === field.name) ?? writer.fields.find((candidate) => field.aliases.includes(candidate.name));
    if (counterpart) {
      check(field.type, counterpart.type, [...at, field.name], seen, findings);
      continue;
    }
    if (field.defaultValue() !== undefined) continue;
    findings.push({
      rule: 'READER_FIELD_MISSING_DEFAULT_VALUE',
      message: `field ${field.name} of ${record} has no default, and data written without ${field.name} has nothing to fill it with`,
      fix: `give field ${field.name} of ${record} a default in the reader's schema, e.g. "default": ${JSON.stringify(suggestedDefault(field.type))}`,
      readerAt: { type: reader.name!, field: field.name },
    });
  }
}

/** A default Avro accepts for a type (a union's default is of its first branch). */
function suggestedDefault(type: avro.Type): unknown {
  switch (kind(type)) {
    case 'null':
      return null;
    case 'boolean':
      return false;
    case 'int':
    case 'long':
    case 'float':
    case 'double':
      return 0;
    case 'string':
    case 'bytes':
      return '';
    case 'array':
      return [];
    case 'map':
    case 'record':
      return {};
    case 'enum':
      return (type as avro.types.EnumType).symbols[0];
    case 'union':
      return suggestedDefault((type as avro.types.UnwrappedUnionType).types[0]!);
    default:
      return null;
  }
}
