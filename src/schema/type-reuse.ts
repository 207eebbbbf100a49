/**
 * One type per structure in an inferred schema. A GitHub issue's `user`, `assignee`,
 * `assignees[]` and `closed_by` are the same object: a person writing the schema declares
 * `User` once and uses it four times, and so does inference. Types are compared once their
 * fields are known (children first), so nested types already carry their reused names and
 * two types are the same exactly when their canonical forms are equal.
 *
 * What is compared is what reaches the wire: field names, numbers, labels, types and
 * defaults. Comments and Avro `doc`s are not: they explain the first use (and its paths).
 */
import type { ProtoMessage } from './proto-text';

export class TypesByStructure {
  private readonly names = new Map<string, string>();

  /**
   * The name already declared for this structure, or undefined after recording `name` as the
   * one for it (the caller keeps its new type then).
   */
  reuse(structure: string, name: string): string | undefined {
    const existing = this.names.get(structure);
    if (existing === undefined) this.names.set(structure, name);
    return existing;
  }
}

/** A message's fields as the wire sees them (its name and comments aside). */
export function protoMessageStructure(message: ProtoMessage): string {
  return JSON.stringify(message.fields.map((field) => [field.label, field.type, field.name, field.id, field.oneof ?? null]));
}

/**
 * A record's fields with every named type written as its name: its first use declares it
 * inline, later ones refer to it, and both mean the same type.
 */
export function avroRecordStructure(fields: ReadonlyArray<{ name: string; type: unknown; default?: unknown }>): string {
  return JSON.stringify(fields.map((field) => [field.name, byName(field.type), 'default' in field ? field.default : '(none)']));
}

function byName(type: unknown): unknown {
  if (Array.isArray(type)) return type.map(byName);
  if (type === null || typeof type !== 'object') return type;
  const schema = type as Record<string, unknown>;
  if (typeof schema['name'] === 'string') return schema['name'];
  if (schema['type'] === 'array') return { array: byName(schema['items']) };
  if (schema['type'] === 'map') return { map: byName(schema['values']) };
  return schema;
}
