/**
 * Avro's bytes by what they carry, walked with the codec's own schema (an avsc Type): Avro
 * writes no keys or field tags for records (the schema has them), so record fields cost only
 * their values. Lengths, block counts and union branch indexes are structure; a map's keys are
 * keys. Logical types are walked as the type they are written as.
 */
import type { ByteAttribution } from '../shared/results';
import { emptyAttribution, UnattributableError } from './attribution-totals';

/** The parts of avsc's Type this walk reads (kept structural: this module does not load avsc). */
interface AvroType {
  typeName: string;
  underlyingType?: AvroType;
  itemsType?: AvroType;
  valuesType?: AvroType;
  fields?: { type: AvroType }[];
  types?: AvroType[];
  size?: number;
}

export function attributeAvro(type: unknown, bytes: Uint8Array): ByteAttribution {
  const walk = new AvroWalk(bytes);
  walk.value(type as AvroType);
  if (walk.pos !== bytes.length) throw new UnattributableError(`${bytes.length - walk.pos} bytes after the value`);
  return walk.totals;
}

class AvroWalk {
  readonly totals = emptyAttribution();
  pos = 0;

  constructor(private readonly bytes: Uint8Array) {}

  value(type: AvroType): void {
    const name = type.typeName;
    if (type.underlyingType) return this.value(type.underlyingType);
    switch (name) {
      case 'null':
        return;
      case 'boolean':
        return this.take(1, 'other');
      case 'int':
      case 'long':
      case 'abstract:long':
        this.varint('numbers');
        return;
      case 'float':
        return this.take(4, 'numbers');
      case 'double':
        return this.take(8, 'numbers');
      case 'string':
        return this.take(this.varint('structure'), 'strings');
      case 'bytes':
        return this.take(this.varint('structure'), 'other');
      case 'fixed':
        return this.take(type.size ?? 0, 'other');
      case 'enum':
        this.varint('other');
        return;
      case 'record':
      case 'error':
        for (const field of type.fields ?? []) this.value(field.type);
        return;
      case 'array':
        return this.blocks(() => this.value(type.itemsType!));
      case 'map':
        return this.blocks(() => {
          this.take(this.varint('structure'), 'keys');
          this.value(type.valuesType!);
        });
      default:
        if (name.startsWith('union')) {
          const branch = type.types?.[this.varint('structure')];
          if (!branch) throw new UnattributableError(`a union branch out of range at byte ${this.pos}`);
          return this.value(branch);
        }
        throw new UnattributableError(`Avro type ${name}`);
    }
  }

  /** Arrays and maps: blocks of a count (negative: followed by the block's size) and items, then 0. */
  private blocks(item: () => void): void {
    for (;;) {
      let count = this.varint('structure');
      if (count === 0) return;
      if (count < 0) {
        count = -count;
        this.varint('structure');
      }
      for (let i = 0; i < count; i++) item();
    }
  }

  private take(count: number, category: keyof ByteAttribution): void {
    if (count < 0 || this.pos + count > this.bytes.length) throw new UnattributableError(`truncated at byte ${this.pos}`);
    this.totals[category] += count;
    this.pos += count;
  }

  /** A zig-zag varint: its bytes go to `category`; returns its value. */
  private varint(category: keyof ByteAttribution): number {
    const start = this.pos;
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.pos >= this.bytes.length) throw new UnattributableError(`truncated varint at byte ${start}`);
      const byte = this.bytes[this.pos++]!;
      value += (byte & 0x7f) * scale;
      scale *= 128;
      if (byte < 0x80) break;
    }
    this.totals[category] += this.pos - start;
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  }
}
