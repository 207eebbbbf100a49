/**
 * Why protobufjs gives back a different value for the same field number: the wire facts behind
 * each kind of type change, said the way a reader of the report needs them.
 */
import * as protobuf from 'protobufjs';
import { isSyntheticOneof } from '../schema/derive-avro-from-proto';
import { ABSENT, integerText } from './json-values';

const VARINT = new Set(['int32', 'int64', 'uint32', 'uint64', 'sint32', 'sint64', 'bool']);
const FIXED64 = new Set(['fixed64', 'sfixed64', 'double']);
const FIXED32 = new Set(['fixed32', 'sfixed32', 'float']);
const ZIGZAG = new Set(['sint32', 'sint64']);

const WIRE_NAMES = ['varint', '64-bit fixed', 'length-delimited', 'group start', 'group end', '32-bit fixed'];

/** `int32`, `enum Color`, `message Item`, `repeated int32`, `map<string, int32>`. */
export function describeField(field: protobuf.Field): string {
  field.resolve();
  const target = field.resolvedType;
  const base = target instanceof protobuf.Enum ? `enum ${target.name}` : target instanceof protobuf.Type ? `message ${target.name}` : field.type;
  if (field instanceof protobuf.MapField) return `map<${field.keyType}, ${base}>`;
  return field.repeated ? `repeated ${base}` : base;
}

/** The wire type one value of the field is read from (a packed list is read element by element). */
export function scalarWireType(field: protobuf.Field): number {
  field.resolve();
  if (field.map) return 2;
  const target = field.resolvedType;
  if (target instanceof protobuf.Enum || VARINT.has(field.type)) return 0;
  if (FIXED64.has(field.type)) return 1;
  if (FIXED32.has(field.type)) return 5;
  return field.delimited ? 3 : 2;
}

/** The wire type a field is written with: a packed repeated scalar is one length-delimited record. */
export function writtenWireType(field: protobuf.Field): number {
  const scalar = scalarWireType(field);
  return field.repeated && field.packed && scalar !== 2 && scalar !== 3 ? 2 : scalar;
}

/** Whether the reader can take the writer's record at all (protobufjs reads packed and unpacked lists alike). */
export function wireCompatible(writer: protobuf.Field, reader: protobuf.Field): boolean {
  const written = writtenWireType(writer);
  if (written === scalarWireType(reader)) return true;
  return reader.repeated && written === 2 && scalarWireType(reader) !== 2;
}

export function protoReason(writer: protobuf.Field, reader: protobuf.Field, written: unknown, read: unknown): string {
  const renamed = writer.name !== reader.name;
  const prefix = renamed
    ? `field #${writer.id} is ${writer.name} (${describeField(writer)}) to the writer, ${reader.name} (${describeField(reader)}) to the reader: `
    : '';
  return prefix + coreReason(writer, reader, written, read);
}

function coreReason(writer: protobuf.Field, reader: protobuf.Field, written: unknown, read: unknown): string {
  const w = describeField(writer);
  const r = describeField(reader);
  if (!wireCompatible(writer, reader)) {
    return `${w} is sent as ${WIRE_NAMES[writtenWireType(writer)]}, ${r} is read from ${WIRE_NAMES[scalarWireType(reader)]}: protobufjs skips the field as unknown and gives the default`;
  }
  if (writer.repeated && reader.repeated && scalarWireType(writer) !== scalarWireType(reader)) {
    return `a packed list of ${writer.type} read as a packed list of ${reader.type}: the same bytes cut into other values`;
  }
  const readerEnum = reader.resolvedType instanceof protobuf.Enum ? reader.resolvedType : undefined;
  const writerEnum = writer.resolvedType instanceof protobuf.Enum ? writer.resolvedType : undefined;
  const oneof = reader.partOf && !isSyntheticOneof(reader.partOf) ? reader.partOf : undefined;
  if (read === ABSENT && oneof && !(writer.partOf && writer.partOf.name === oneof.name)) {
    return `the reader's oneof ${oneof.name} holds one field: when the data has several of ${oneof.oneof.join(', ')}, the last one read clears the others`;
  }
  if (read === ABSENT && readerEnum)
    return `the number has no name in the reader's closed enum ${readerEnum.name} (proto2): protobufjs skips it and gives the default`;
  if (read === ABSENT) return `not read: the reader gives its default`;
  if (readerEnum && writerEnum) {
    const number = typeof written === 'string' ? writerEnum.values[written] : written;
    if (typeof read === 'number') return `enum number ${String(number)} has no name in the reader's enum ${readerEnum.name}: read as the bare number`;
    return `enum number ${String(number)} is ${String(written)} to the writer and ${String(read)} to the reader`;
  }
  if (ZIGZAG.has(writer.type) !== ZIGZAG.has(reader.type) && !writerEnum && !readerEnum && scalarWireType(writer) === 0) {
    return ZIGZAG.has(reader.type)
      ? `a plain varint read as zigzag (${reader.type}): ${w} n is read as ${r} (n >>> 1) ^ -(n & 1)`
      : `a zigzag varint (${writer.type}) read as a plain ${reader.type}: -n comes back as 2n - 1`;
  }
  if (reader.type === 'bool' && writer.type !== 'bool') return `a varint read as bool: every value other than 0 is true`;
  if (writer.type === 'bool' && reader.type !== 'bool') return `a bool read as ${r}: true is 1`;
  if (writerEnum && !readerEnum) return `an enum read as ${r}: the number, not the name`;
  if (readerEnum && !writerEnum) return `${w} read as enum ${readerEnum.name}: the number is taken as a value of the enum`;
  if (writer.type === 'string' && reader.type === 'bytes')
    return `text read as bytes: the same UTF-8 bytes, but your code gets bytes (base64 here), not a string`;
  if (writer.type === 'bytes' && reader.type === 'string') return `bytes read as text (UTF-8)`;
  if (/64/.test(writer.type) && /32/.test(reader.type)) return `a 64-bit ${writer.type} read as ${reader.type}: only the low 32 bits are kept`;
  if (/^u|^fixed/.test(reader.type) !== /^u|^fixed/.test(writer.type)) {
    const negative = (integerText(written) ?? '').startsWith('-');
    return negative
      ? `a negative ${writer.type} read as unsigned ${reader.type}: the two's complement bits as a large positive number`
      : `an unsigned ${writer.type} above the signed range read as ${reader.type}: negative`;
  }
  return `${w} read as ${r}`;
}
