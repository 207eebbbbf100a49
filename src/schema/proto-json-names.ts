/**
 * The keys proto3's JSON mapping accepts for a message's fields, as protoc's parser does: the
 * field's JSON name (`json_name`, else lowerCamelCase of the name), its name as written in the
 * .proto, and for a proto2 group its lower-cased group name (`multiwordgroupfield`, protoc's
 * field name for `group MultiWordGroupField`) and the group's type name (text format's).
 * protobufjs (`keepCase`) reads only `field.name`, so a sample's keys are mapped onto it.
 */
import * as protobuf from 'protobufjs';

const byKey = new WeakMap<protobuf.Type, Map<string, protobuf.Field>>();

/** lowerCamelCase as protoc derives a JSON name: `_x` → `X`, other characters unchanged. */
export function protocJsonName(name: string): string {
  return name.replace(/_+([a-zA-Z0-9]?)/g, (_, next: string) => next.toUpperCase());
}

function namesOf(field: protobuf.Field): string[] {
  field.resolve();
  const declared = field.protoName ?? field.name;
  const names = [field.name, declared, field.jsonName ?? protocJsonName(declared)];
  const target = field.resolvedType;
  if (target instanceof protobuf.Type && (target as { group?: boolean }).group) names.push(target.name.toLowerCase(), target.name);
  return [...new Set(names)];
}

/** Every key the mapping accepts for `type`'s fields, to the field it names. */
export function fieldsByJsonKey(type: protobuf.Type): Map<string, protobuf.Field> {
  let found = byKey.get(type);
  if (!found) {
    found = new Map();
    // Exact names first: a JSON name never hides another field's own name.
    for (const field of type.fieldsArray) found.set(field.name, field);
    for (const field of type.fieldsArray) for (const name of namesOf(field)) if (!found.has(name)) found.set(name, field);
    byKey.set(type, found);
  }
  return found;
}

/** `optional_int32 (JSON optionalInt32)`: how a field can be written in a sample. */
export function describeFieldNames(field: protobuf.Field): string {
  const [name, ...others] = namesOf(field);
  return others.length === 0 ? name! : `${name} (also ${others.join(', ')})`;
}

/**
 * The message of `root` whose fields name the most of `keys` (all of them, ideally), for a
 * sample that fits none of the chosen message's fields; undefined when none names any.
 */
export function messageNaming(root: protobuf.Namespace, keys: readonly string[]): protobuf.Type | undefined {
  let best: { type: protobuf.Type; score: number } | undefined;
  const visit = (namespace: protobuf.NamespaceBase) => {
    for (const nested of namespace.nestedArray) {
      if (nested instanceof protobuf.Type) {
        const names = fieldsByJsonKey(nested);
        const score = keys.filter((key) => names.has(key)).length;
        if (score > 0 && (!best || score > best.score)) best = { type: nested, score };
      }
      if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) visit(nested);
    }
  };
  visit(root);
  return best?.type;
}
