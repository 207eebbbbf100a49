/**
 * Compares what a protobuf writer wrote (its own decoding of its bytes) with what a reader
 * decoded from the same bytes, field number by field number, as protobufjs pairs them.
 * Both sides are `toObject` views (enums by name, bytes as base64, 64-bit integers as text);
 * a field the reader skipped is absent from its view and reads as the reader's default.
 */
import * as protobuf from 'protobufjs';
import { MapKey, type ReadingFindings } from './findings';
import { ABSENT, leafCount, numbersEqual, valuesEqual, type Maybe } from './json-values';
import { protoReason } from './proto-reasons';

type Plain = Record<string, unknown>;

export const VIEW: protobuf.IConversionOptions = { enums: String, bytes: String, longs: String, defaults: false, arrays: false, objects: false, oneofs: false };

const defaultViews = new WeakMap<protobuf.Type, Plain>();

/** What a reader's code gets for each field of an empty message (its defaults, enums by name). */
export function defaultsOf(type: protobuf.Type): Plain {
  let view = defaultViews.get(type);
  if (!view) {
    view = type.toObject(type.create({}), { ...VIEW, defaults: true });
    defaultViews.set(type, view);
  }
  return view;
}

export function compareProtoMessage(writer: protobuf.Type, reader: protobuf.Type, written: Plain, read: Plain, findings: ReadingFindings): void {
  for (const field of writer.fieldsArray) {
    const counterpart = reader.fieldsById[field.id];
    const wrote = Object.hasOwn(written, field.name);
    if (!counterpart) {
      if (wrote) findings.drop(field.name, leafCount(written[field.name]));
      continue;
    }
    findings.push(field.name);
    if (wrote) compareField(field, counterpart, written[field.name], Object.hasOwn(read, counterpart.name) ? read[counterpart.name] : ABSENT, findings);
    else compareUnsent(field, counterpart, read, findings);
    findings.pop();
  }
  for (const field of reader.fieldsArray) {
    if (writer.fieldsById[field.id]) continue;
    const sameName = writer.fields[field.name];
    if (sameName && Object.hasOwn(written, field.name)) {
      findings.push(field.name);
      const reason = `renumbered: ${field.name} is #${sameName.id} to the writer and #${field.id} to the reader, which never sees the written value`;
      findings.differ(written[field.name], defaultsOf(reader)[field.name], reason);
      findings.pop();
    } else if (!Object.hasOwn(read, field.name)) {
      findings.fill(field.name, defaultsOf(reader)[field.name]);
    }
  }
}

/** proto2 explicit defaults: a field not sent reads as each side's own default. */
function compareUnsent(writer: protobuf.Field, reader: protobuf.Field, read: Plain, findings: ReadingFindings): void {
  const explicit = (field: protobuf.Field) => field.options?.['default'] !== undefined;
  if (Object.hasOwn(read, reader.name) || !(explicit(writer) || explicit(reader))) return;
  const meant = defaultsOf(writer.parent as protobuf.Type)[writer.name];
  const got = defaultsOf(reader.parent as protobuf.Type)[reader.name];
  if (valuesEqual(meant, got)) findings.same();
  else findings.differ(meant, got, `not sent: the writer's default is ${String(meant)}, the reader's ${String(got)}`);
}

function compareField(writer: protobuf.Field, reader: protobuf.Field, written: unknown, read: Maybe<unknown>, findings: ReadingFindings): void {
  if (writer.map || reader.map) return compareMapLike(writer, reader, written, read, findings);
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
  if (writer.repeated && reader.repeated) {
    const got = read === ABSENT ? [] : list(read);
    list(written).forEach((item, index) => {
      findings.push(index);
      if (index < got.length) compareSingle(writer, reader, item, got[index], findings);
      else findings.differ(item, ABSENT, protoReason(writer, reader, item, ABSENT));
      findings.pop();
    });
    return;
  }
  if (writer.repeated) {
    const items = list(written);
    if (items.length === 1) return compareSingle(writer, reader, items[0], read, findings);
    if (read === ABSENT) return findings.differ(written, effectiveDefault(reader), protoReason(writer, reader, written, ABSENT));
    const merged = reader.resolvedType instanceof protobuf.Type;
    return findings.differ(
      written,
      read,
      `a list of ${items.length} read as one value: ${merged ? 'protobufjs merges the messages into one' : 'the last one is kept'}`,
    );
  }
  if (reader.repeated && read !== ABSENT) {
    const got = list(read);
    if (got.length === 1) return compareSingle(writer, reader, written, got[0], findings);
    return findings.differ(written, read, `one value read as a list of ${got.length}`);
  }
  compareSingle(writer, reader, written, read, findings);
}

function effectiveDefault(reader: protobuf.Field): unknown {
  return reader.parent instanceof protobuf.Type ? (defaultsOf(reader.parent)[reader.name] ?? null) : null;
}

function compareSingle(writer: protobuf.Field, reader: protobuf.Field, written: unknown, read: Maybe<unknown>, findings: ReadingFindings): void {
  writer.resolve();
  reader.resolve();
  const writerType = writer.resolvedType;
  const readerType = reader.resolvedType;
  if (read === ABSENT) {
    // A reader without presence for the field reads its zero: equal when that is what was written.
    const fallback = reader.repeated ? ABSENT : effectiveDefault(reader);
    if (fallback !== ABSENT && fallback !== null && sameLeaf(writer, reader, written, fallback)) findings.same();
    else findings.differ(written, fallback === ABSENT ? ABSENT : fallback, protoReason(writer, reader, written, ABSENT));
    return;
  }
  if (writerType instanceof protobuf.Type && readerType instanceof protobuf.Type) {
    if (typeof read !== 'object' || read === null) return findings.differ(written, read, protoReason(writer, reader, written, read));
    return compareProtoMessage(writerType, readerType, written as Plain, read as Plain, findings);
  }
  if (sameLeaf(writer, reader, written, read)) findings.same();
  else findings.differ(written, read, protoReason(writer, reader, written, read));
}

/** Equal as the reader's code would see it: enum names, or the same number across an enum ↔ integer change. */
function sameLeaf(writer: protobuf.Field, reader: protobuf.Field, written: unknown, read: unknown): boolean {
  const writerEnum = writer.resolvedType instanceof protobuf.Enum ? writer.resolvedType : undefined;
  const readerEnum = reader.resolvedType instanceof protobuf.Enum ? reader.resolvedType : undefined;
  if (writerEnum && readerEnum) return written === read;
  const number = (value: unknown, target: protobuf.Enum | undefined) => (target && typeof value === 'string' ? target.values[value] : value);
  if (writerEnum || readerEnum) return numbersEqual(number(written, writerEnum), number(read, readerEnum));
  if (writer.type === 'bool' || reader.type === 'bool') return writer.type === reader.type && written === read;
  if ((writer.type === 'string') !== (reader.type === 'string')) return false;
  return valuesEqual(written, read);
}

/** The key and value of a map's entries, as fields: a map field's own, or a repeated entry message's #1 and #2. */
interface EntryFields {
  key: protobuf.Field;
  value: protobuf.Field;
  /** The entry message, for its defaults (a map field has none: its entries always hold both). */
  entry?: protobuf.Type;
}

const mapEntries = new WeakMap<protobuf.MapField, EntryFields>();

function entryFields(field: protobuf.Field): EntryFields | undefined {
  if (field instanceof protobuf.MapField) {
    let fields = mapEntries.get(field);
    if (!fields) {
      // Stand-alone fields describing the entry, resolved by hand: they belong to no message.
      const value = new protobuf.Field('value', 2, field.type);
      value.resolvedType = field.resolve().resolvedType;
      value.resolved = true;
      const key = new protobuf.Field('key', 1, field.keyType);
      key.resolved = true;
      fields = { key, value };
      mapEntries.set(field, fields);
    }
    return fields;
  }
  const entry = field.resolve().resolvedType;
  if (!field.repeated || !(entry instanceof protobuf.Type) || !entry.fieldsById[1] || !entry.fieldsById[2]) return undefined;
  return { key: entry.fieldsById[1], value: entry.fieldsById[2], entry };
}

/** Entries by key; a repeated entry message's missing key or value reads as the entry's default. */
function entriesOf(fields: EntryFields, value: Maybe<unknown>, asWritten: boolean): Map<string, Maybe<unknown>> {
  if (value === ABSENT || value === null || typeof value !== 'object') return new Map();
  if (!fields.entry) return new Map(Object.entries(value as Plain));
  const defaults = defaultsOf(fields.entry);
  const list = Array.isArray(value) ? (value as Plain[]) : [];
  return new Map(
    list.map((entry) => {
      const has = Object.hasOwn(entry, fields.value.name);
      const item = has ? entry[fields.value.name] : asWritten ? defaults[fields.value.name] : ABSENT;
      return [String(Object.hasOwn(entry, fields.key.name) ? entry[fields.key.name] : defaults[fields.key.name]), item];
    }),
  );
}

/** Maps, and a map read as a repeated entry message (the wire form is the same), or the reverse. */
function compareMapLike(writer: protobuf.Field, reader: protobuf.Field, written: unknown, read: Maybe<unknown>, findings: ReadingFindings): void {
  const [writerEntry, readerEntry] = [entryFields(writer), entryFields(reader)];
  if (!writerEntry || !readerEntry) return findings.differ(written, read, protoReason(writer, reader, written, read));
  const got = entriesOf(readerEntry, read, false);
  for (const [key, value] of entriesOf(writerEntry, written, true)) {
    findings.push(new MapKey(key));
    if (got.has(key)) compareSingle(writerEntry.value, readerEntry.value, value, got.get(key)!, findings);
    else findings.differ(value, ABSENT, protoReason(writer, reader, value, ABSENT));
    findings.pop();
  }
}
