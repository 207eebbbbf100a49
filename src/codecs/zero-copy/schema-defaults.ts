/**
 * What a user's schema gives a key the sample left out: the glue writes nothing for it, and the
 * format's decode reads the schema's default (FlatBuffers' `mana:short = 150`). The remnants
 * name such a value as the default it is, not as data the codec made up.
 */
import type { SchemaDefaultAt } from '../../analysis/semantics';
import type { ModelType, RecordType } from '../../schema/translate/model';

export type { SchemaDefaultAt };

/** The default of the field at `path` (keys and list indexes from the root), walking the model. */
export function schemaDefaults(root: ModelType): SchemaDefaultAt {
  return (path) => {
    let types: ModelType[] = [root];
    for (let depth = 0; depth < path.length; depth++) {
      const segment = path[depth]!;
      const next: ModelType[] = [];
      for (const type of types.flatMap(unwrap)) {
        if (typeof segment === 'number' && type.kind === 'list') next.push(type.element);
        else if (type.kind === 'map') next.push(type.values);
        else if (type.kind === 'record') {
          const field = type.wraps ? undefined : type.fields.find((candidate) => candidate.key === segment);
          if (field && depth === path.length - 1 && 'default' in field) return { value: field.default };
          if (field) next.push(field.type);
        }
      }
      types = next;
    }
    return undefined;
  };
}

/** The types a value at a place may have: a nullable's inner one, a union's branches, a wrapper's value. */
function unwrap(type: ModelType): ModelType[] {
  if (type.kind === 'nullable') return unwrap(type.inner);
  if (type.kind === 'union') return type.branches.flatMap((branch) => unwrap(branch.type));
  if (type.kind === 'record' && type.wraps) return unwrap(type.fields[0]!.type);
  return [type];
}

/** Whether the model declares any default (a translated schema never does). */
export function declaresDefaults(named: readonly ModelType[]): boolean {
  return named.some((type) => type.kind === 'record' && (type as RecordType).fields.some((field) => 'default' in field));
}
