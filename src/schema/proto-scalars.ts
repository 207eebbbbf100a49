/** proto3 scalar types for JSON scalars, and what a field type is before it gets a name. */
import type { InferenceNotes } from './inference-notes';
import type { ProtoAdapter } from './proto-adapter';
import type { Shape } from './shape';
import type { SchemaVariants } from '../shared/variants';

/** What a field (or map value, or list element) becomes, before it gets a name and a number. */
export interface FieldType {
  label: '' | 'repeated' | 'optional';
  /** What the type is: only scalars can be `optional`, only maps lack presence entirely. */
  kind: 'scalar' | 'message' | 'map';
  type: string;
  comment?: string;
  /** Conversion between the JSON value and the wire form, or null when they are the same. */
  adapter: ProtoAdapter | null;
  /** The field is optional and never absent in the sample: absent on the wire means null. */
  nullIfAbsent?: boolean;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INT64_LIMIT = 2 ** 63;

export function scalarType(shape: Shape, variants: SchemaVariants, notes: InferenceNotes): FieldType {
  switch (shape.kind) {
    case 'boolean':
      return scalar('bool');
    case 'string':
      return scalar('string');
    case 'double':
      return variants.doubles === 'float' ? scalar('float', 'float: 32-bit (variant), values are rounded') : scalar('double');
    case 'integer': {
      // Negative int32/int64 values take 10 bytes on the wire; zigzag (sint) keeps them short.
      const signed = shape.min < 0;
      const encoding = variants.integers;
      if (shape.min >= INT32_MIN && shape.max <= INT32_MAX) {
        if (encoding !== 'auto') return integerVariant(encoding, '32');
        return signed ? scalar('sint32', 'sint32: has negative values, zigzag-encoded') : scalar('int32');
      }
      if (shape.min >= -INT64_LIMIT && shape.max < INT64_LIMIT) {
        const type = encoding === 'auto' ? (signed ? 'sint64' : 'int64') : integerVariant(encoding, '64').type;
        notes.at({ code: 'proto-long-objects' }, shape.path);
        return scalar(type, `${type}: values from ${shape.min} to ${shape.max} exceed 32 bits`);
      }
      notes.at({ code: 'proto-beyond-64-bit-double' }, shape.path);
      return scalar('double', 'double: integers beyond the 64-bit range');
    }
    default:
      throw new Error(`${shape.path}: ${shape.kind} is not a scalar`);
  }
}

function scalar(type: string, comment?: string): FieldType {
  return { label: '', kind: 'scalar', type, adapter: null, ...(comment ? { comment } : {}) };
}

/** The integer type a variant asks for, for values of one width. */
function integerVariant(encoding: 'varint' | 'zigzag' | 'fixed', bits: '32' | '64'): FieldType {
  const type = { varint: 'int', zigzag: 'sint', fixed: 'sfixed' }[encoding] + bits;
  return scalar(type, `${type}: integers ${encoding} (variant)`);
}
