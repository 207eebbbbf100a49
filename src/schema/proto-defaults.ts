/**
 * What a message says about the value at a sample's path, for judging a round trip by it: a
 * field's default (proto3 does not write it, so an absent enum key reads back as the first value,
 * `SPADES`; proto2's `[default = true]` is what google-protobuf's `toObject()` fills in), and an
 * enum's values (ts-proto and protobuf-ts decode enums as their numbers:
 * `"HEARTS"` back as 1 is the same value). Paths are the sample's, keys in any spelling proto3's
 * JSON mapping accepts; `wrappedAs` is the field a list sample was encoded in.
 */
import * as protobuf from 'protobufjs';
import type { PathSegment } from '../analysis/json-path';
import type { SchemaDefaultAt, SchemaEnumAt } from '../analysis/semantics';
import { fieldsByJsonKey } from './proto-json-names';

interface FieldAt {
  field: protobuf.Field;
  /** The path names one element of a repeated or map field, not the field. */
  element: boolean;
}

function fieldAt(root: protobuf.Type, segments: readonly PathSegment[]): FieldAt | undefined {
  let type: protobuf.Type | undefined = root;
  let found: FieldAt | undefined;
  for (const segment of segments) {
    if (found && !found.element && (found.field.repeated || found.field instanceof protobuf.MapField)) {
      found = { field: found.field, element: true };
      continue;
    }
    if (!type || typeof segment !== 'string') return undefined;
    const field = fieldsByJsonKey(type).get(segment);
    if (!field) return undefined;
    field.resolve();
    found = { field, element: false };
    type = field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
  }
  return found;
}

const enumOf = (at: FieldAt | undefined): protobuf.Enum | undefined =>
  at && at.field.resolvedType instanceof protobuf.Enum && (at.element || !(at.field.repeated || at.field instanceof protobuf.MapField))
    ? at.field.resolvedType
    : undefined;

/** A singular scalar field's `[default = …]` (proto2), as a decoded plain object holds it. */
function declaredScalar(field: protobuf.Field): { value: unknown } | undefined {
  if (field.repeated || field instanceof protobuf.MapField || field.options?.['default'] === undefined || field.resolvedType) return undefined;
  const value: unknown = field.typeDefault;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return { value };
  const long = value as { low?: unknown; high?: unknown; toString(): string } | null;
  if (typeof long === 'object' && long !== null && typeof long.low === 'number' && typeof long.high === 'number') {
    // A 64-bit default: a number where one holds it exactly, as google-protobuf's toObject gives it.
    const integer = BigInt(long.toString());
    return { value: integer >= BigInt(Number.MIN_SAFE_INTEGER) && integer <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(integer) : integer };
  }
  return undefined;
}

export function protoFieldFacts(type: protobuf.Type, wrappedAs?: string): { schemaDefault: SchemaDefaultAt; schemaEnum: SchemaEnumAt } {
  const at = (segments: readonly PathSegment[]) => fieldAt(type, wrappedAs ? [wrappedAs, ...segments] : segments);
  return {
    schemaDefault: (segments) => {
      const found = at(segments);
      if (!found || found.element) return undefined;
      const declared = declaredScalar(found.field);
      if (declared !== undefined) return declared;
      const values = enumOf(found)?.values;
      if (!values) return undefined;
      // protobufjs resolves an enum field's default: its [default = …] or the first value.
      const number = typeof found!.field.typeDefault === 'number' ? found!.field.typeDefault : 0;
      const name = Object.keys(values).find((key) => values[key] === number);
      return name === undefined ? undefined : { value: name };
    },
    schemaEnum: (segments) => enumOf(at(segments))?.values,
  };
}
