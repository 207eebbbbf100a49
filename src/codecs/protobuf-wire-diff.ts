/**
 * Where two encodings of the same value in the same schema differ, field by field, and why:
 * a field written by one and left out by the other (a default value, or presence), repeated
 * scalars packed by one and not the other, the same fields in another order, or one value
 * written in a different number of bytes. Differences are grouped by field path
 * (`Root.value[*].page.referrer`), so a thousand records make one line with a count.
 */
import { protobuf } from './protobufjs-runtime';
import { formatNumber } from '../shared/format';
import { Wire, WireReader, WIRE_NAMES } from './protobuf-wire';

/** What the walk needs of a message type: its fields' names, and how to read nested messages. */
interface Shape {
  name: string;
  field(id: number): { name: string; many: boolean; scalar: boolean; nested?: Shape } | undefined;
}

function shapeOf(type: protobuf.Type): Shape {
  return {
    name: type.name,
    field(id) {
      const field = type.fieldsById[id];
      if (!field) return undefined;
      field.resolve();
      const message = field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
      if (field.map) {
        // A map is a repeated entry message: key = 1, value = 2.
        const entry: Shape = {
          name: `${field.name} entry`,
          field: (entryId) =>
            entryId === 1
              ? { name: 'key', many: false, scalar: true }
              : entryId === 2
                ? { name: 'value', many: false, scalar: !message, ...(message ? { nested: shapeOf(message) } : {}) }
                : undefined,
        };
        return { name: field.name, many: true, scalar: false, nested: entry };
      }
      return { name: field.name, many: field.repeated, scalar: !message, ...(message ? { nested: shapeOf(message) } : {}) };
    },
  };
}

interface FieldValue {
  id: number;
  wire: number;
  start: number;
  end: number;
}

const MAX_LINES = 6;

/** Lines saying where `theirs` differs from protobufjs's `reference` bytes; undefined when equal. */
export function describeWireDifference(type: protobuf.Type, reference: Uint8Array, theirs: Uint8Array, library: string): string[] | undefined {
  if (sameBytes(reference, theirs)) return undefined;
  const found = new Map<string, number>();
  compareMessage(shapeOf(type), type.name, reference, theirs, found, library);
  if (found.size === 0)
    return [
      `${formatNumber(reference.byteLength)} bytes from protobufjs, ${formatNumber(theirs.byteLength)} from ${library}, differing where no field explains it`,
    ];
  const lines = [...found].slice(0, MAX_LINES).map(([line, count]) => (count > 1 ? `${line} (${formatNumber(count)} times)` : line));
  if (found.size > MAX_LINES) lines.push(`and ${found.size - MAX_LINES} more kinds of difference`);
  return [`${formatNumber(reference.byteLength)} bytes from protobufjs, ${formatNumber(theirs.byteLength)} from ${library}:`, ...lines];
}

/** Notes the differences below `at`; whether it found any. */
function compareMessage(type: Shape, at: string, a: Uint8Array, b: Uint8Array, found: Map<string, number>, library: string): boolean {
  if (sameBytes(a, b)) return false;
  let explained = false;
  const note = (line: string) => {
    explained = true;
    found.set(line, (found.get(line) ?? 0) + 1);
  };
  const fieldsA = readFields(a);
  const fieldsB = readFields(b);
  if (!fieldsA || !fieldsB) {
    note(`${at}: bytes that do not parse as ${type.name}`);
    return true;
  }
  const ids = new Set([...fieldsA, ...fieldsB].map((field) => field.id));
  const byId = (fields: FieldValue[], id: number) => fields.filter((field) => field.id === id);
  for (const id of [...ids].sort((x, y) => x - y)) {
    const field = type.field(id);
    const name = field ? `${at}.${field.name}${field.many ? '[*]' : ''}` : `${at}.<field ${id}>`;
    const inA = byId(fieldsA, id);
    const inB = byId(fieldsB, id);
    if (inA.length === 0 || inB.length === 0) {
      const present = inA.length === 0 ? inB : inA;
      const writer = inA.length === 0 ? library : 'protobufjs';
      const other = inA.length === 0 ? 'protobufjs' : library;
      note(
        `${name}: written by ${writer}, left out by ${other} (${isDefault(present, inA.length === 0 ? b : a) ? "its default value, which a library that does not track the field's presence leaves out" : 'a value'})`,
      );
      continue;
    }
    const wiresA = new Set(inA.map((value) => value.wire));
    const wiresB = new Set(inB.map((value) => value.wire));
    if (field?.many && field.scalar && wiresA.has(Wire.Delimited) !== wiresB.has(Wire.Delimited)) {
      note(
        `${name}: ${wiresA.has(Wire.Delimited) ? `packed by protobufjs, one tag per value by ${library}` : `one tag per value by protobufjs, packed by ${library}`}`,
      );
      continue;
    }
    if (inA.length !== inB.length) {
      note(`${name}: ${inA.length} occurrences from protobufjs, ${inB.length} from ${library} (${WIRE_NAMES[inA[0]!.wire]})`);
      continue;
    }
    const nested = field?.nested;
    const hexes = (values: FieldValue[], bytes: Uint8Array) => values.map((value) => Buffer.from(bytes.subarray(value.start, value.end)).toString('hex'));
    const [hexA, hexB] = [hexes(inA, a), hexes(inB, b)];
    if (hexA.join() === hexB.join()) continue;
    if (field?.many && hexA.sort().join() === hexB.sort().join()) {
      note(`${name}: the same ${nested && !field.scalar && field.nested?.name.endsWith('entry') ? 'entries' : 'values'} in another order`);
      continue;
    }
    inA.forEach((valueA, index) => {
      const valueB = inB[index]!;
      const bytesA = a.subarray(valueA.start, valueA.end);
      const bytesB = b.subarray(valueB.start, valueB.end);
      if (sameBytes(bytesA, bytesB)) return;
      if (nested && valueA.wire === Wire.Delimited) explained = compareMessage(nested, name, payloadOf(bytesA), payloadOf(bytesB), found, library) || explained;
      else if (bytesA.byteLength !== bytesB.byteLength)
        note(`${name}: the same value written as ${bytesA.byteLength} bytes by protobufjs and ${bytesB.byteLength} by ${library}`);
      else note(`${name}: other bytes of the same length (${WIRE_NAMES[valueA.wire]})`);
    });
  }
  const order = (fields: FieldValue[]) => fields.map((field) => field.id).join(',');
  if (!explained && order(fieldsA) !== order(fieldsB)) note(`${at}: the same fields in another order`);
  return explained;
}

/** Each field's tag and value, in order; undefined when the bytes do not parse. */
function readFields(bytes: Uint8Array): FieldValue[] | undefined {
  const reader = new WireReader(bytes);
  const fields: FieldValue[] = [];
  while (reader.pos < bytes.byteLength) {
    const start = reader.pos;
    const tag = reader.varint(bytes.byteLength);
    if (Number.isNaN(tag)) return undefined;
    const id = Math.floor(tag / 8);
    const wire = tag % 8;
    if (!reader.skip(wire, id, bytes.byteLength)) return undefined;
    fields.push({ id, wire, start, end: reader.pos });
  }
  return fields;
}

/** A length-delimited value's payload (its tag and length skipped). */
function payloadOf(value: Uint8Array): Uint8Array {
  const reader = new WireReader(value);
  reader.varint(value.byteLength);
  const length = reader.varint(value.byteLength);
  return value.subarray(reader.pos, reader.pos + length);
}

/** A zero varint, an empty length-delimited value or a zero fixed value: what proto3 leaves out. */
function isDefault(values: FieldValue[], bytes: Uint8Array): boolean {
  return values.every((value) => {
    const payload = value.wire === Wire.Delimited ? payloadOf(bytes.subarray(value.start, value.end)) : undefined;
    if (payload) return payload.byteLength === 0;
    const reader = new WireReader(bytes.subarray(value.start, value.end));
    reader.varint(value.end - value.start);
    return bytes.subarray(value.start + reader.pos, value.end).every((byte) => byte === 0);
  });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, index) => byte === b[index]);
}
