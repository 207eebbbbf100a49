/**
 * The Protocol Buffers wire format as the annotator reads it: varints as numbers for tags and
 * lengths, exact values (bigint) only for the few fields a page labels.
 */

/** The format's wire types (the low three bits of a field's tag). */
export const enum Wire {
  Varint = 0,
  Fixed64 = 1,
  Delimited = 2,
  GroupStart = 3,
  GroupEnd = 4,
  Fixed32 = 5,
}

export const WIRE_NAMES = ['varint', '64-bit', 'length-delimited', 'group start', 'group end', '32-bit', 'wire type 6', 'wire type 7'];

/** The wire type each scalar type is written with; anything else here is length-delimited. */
const SCALAR_WIRE: Record<string, number> = {
  int32: Wire.Varint,
  uint32: Wire.Varint,
  sint32: Wire.Varint,
  int64: Wire.Varint,
  uint64: Wire.Varint,
  sint64: Wire.Varint,
  bool: Wire.Varint,
  double: Wire.Fixed64,
  fixed64: Wire.Fixed64,
  sfixed64: Wire.Fixed64,
  float: Wire.Fixed32,
  fixed32: Wire.Fixed32,
  sfixed32: Wire.Fixed32,
};

export function scalarWire(type: string): number | undefined {
  return SCALAR_WIRE[type];
}

/** Reads varints and skips values within one message's bytes; a failed read gives NaN. */
export class WireReader {
  pos = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** A varint as a number (exact below 2^53), or NaN when it runs past `limit` or past 10 bytes. */
  varint(limit: number): number {
    const bytes = this.bytes;
    let value = 0;
    let scale = 1;
    for (let i = this.pos; i < limit && i < this.pos + 10; i++) {
      const byte = bytes[i]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) {
        this.pos = i + 1;
        return value;
      }
      scale *= 128;
    }
    return NaN;
  }

  /** Moves past a varint; false when it does not end before `limit`. */
  skipVarint(limit: number): boolean {
    const bytes = this.bytes;
    for (let i = this.pos; i < limit && i < this.pos + 10; i++) {
      if (bytes[i]! < 0x80) {
        this.pos = i + 1;
        return true;
      }
    }
    return false;
  }

  /** Moves past a value of `wire` (a group's start: past its end); false when malformed. */
  skip(wire: number, field: number, limit: number): boolean {
    switch (wire) {
      case Wire.Varint:
        return this.skipVarint(limit);
      case Wire.Fixed64:
        return this.advance(8, limit);
      case Wire.Fixed32:
        return this.advance(4, limit);
      case Wire.Delimited: {
        const length = this.varint(limit);
        return !Number.isNaN(length) && this.advance(length, limit);
      }
      case Wire.GroupStart:
        return this.skipGroup(field, limit);
      default:
        return false;
    }
  }

  /** Past the end-group tag matching `field`, with nested groups; iterative (groups can nest deep). */
  private skipGroup(field: number, limit: number): boolean {
    const open = [field];
    while (open.length > 0) {
      const tag = this.varint(limit);
      if (Number.isNaN(tag)) return false;
      const wire = tag % 8;
      const id = Math.floor(tag / 8);
      if (wire === Wire.GroupEnd) {
        if (open.pop() !== id) return false;
      } else if (wire === Wire.GroupStart) open.push(id);
      else if (!this.skip(wire, id, limit)) return false;
    }
    return true;
  }

  private advance(bytes: number, limit: number): boolean {
    if (this.pos + bytes > limit) return false;
    this.pos += bytes;
    return true;
  }
}

/** A varint as an unsigned 64-bit bigint (the low 64 bits of a longer one). */
export function varintBig(bytes: Uint8Array, start: number, end: number): bigint {
  let value = 0n;
  let shift = 0n;
  for (let i = start; i < end; i++, shift += 7n) value |= BigInt(bytes[i]! & 0x7f) << shift;
  return BigInt.asUintN(64, value);
}

/** A varint-encoded scalar of `type`, as protobuf reads it: `-3`, `true`, `18446744073709551615`. */
export function varintScalar(raw: bigint, type: string): bigint | boolean {
  switch (type) {
    case 'int32':
    case 'enum':
      return BigInt.asIntN(32, raw);
    case 'uint32':
      return BigInt.asUintN(32, raw);
    case 'int64':
      return BigInt.asIntN(64, raw);
    case 'sint32':
    case 'sint64':
      return (raw >> 1n) ^ -(raw & 1n);
    case 'bool':
      return raw !== 0n;
    default:
      return raw;
  }
}

/** A fixed-width little-endian scalar of `type` at `pos` (4 or 8 bytes, known to be there). */
export function fixedScalar(view: DataView, pos: number, type: string, width: 4 | 8): number | bigint {
  if (width === 4) {
    if (type === 'float') return view.getFloat32(pos, true);
    return type === 'sfixed32' ? view.getInt32(pos, true) : view.getUint32(pos, true);
  }
  if (type === 'double') return view.getFloat64(pos, true);
  return type === 'sfixed64' ? view.getBigInt64(pos, true) : view.getBigUint64(pos, true);
}

/** How many varints `[start, end)` holds: bytes without the continuation bit. */
export function countVarints(bytes: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (bytes[i]! < 0x80) n++;
  return n;
}
