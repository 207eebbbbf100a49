/**
 * Fits a schema model to what one language can declare, by adding wrapper records where it
 * cannot hold a type directly: a FlatBuffers vector cannot hold a vector, a Bebop array cannot
 * hold a nullable value, no language's root can be a list. A wrapper is a record of one field
 * `value` marked `wraps`, so the JSON keeps the value itself. The translation and the driver
 * both work from the lowered model, so what one declares is what the other walks.
 *
 * The model is copied, not changed: records map to their copies, so recursion survives.
 */
import { TypeNames } from '../names';
import { RESERVED_TYPE_NAMES } from './identifiers';
import type { ModelType, RecordType, SchemaModel, UnionType } from './model';

export interface LoweringRules {
  /** The language's name, for notes. */
  language: string;
  /** Whether a list's element can be this type. */
  listElement(type: ModelType): boolean;
  /** Whether a map's value can be this type. */
  mapValue(type: ModelType): boolean;
  /** Whether a union branch can be this type (`uses`: how often the model refers to it). */
  unionBranch(type: ModelType, uses: number): boolean;
  /** The language has no maps: each becomes a list of `{ key, value }` records. */
  mapEntries: boolean;
}

export function lowerModel(model: SchemaModel, rules: LoweringRules): SchemaModel {
  const names = new TypeNames([...RESERVED_TYPE_NAMES, ...model.named.map((type) => type.name)]);
  const copies = new Map<ModelType, ModelType>();
  const named: SchemaModel['named'] = [];
  const uses = countUses(model.root);
  /** `Name (a list element)` for each wrapper record, for the note. */
  const wrapped: string[] = [];
  let mapped = false;
  const wrap = (type: ModelType, base: string, why: string): RecordType => {
    const record: RecordType = { kind: 'record', name: names.take(base), fields: [{ key: 'value', type }], wraps: true };
    if (why !== 'the root') wrapped.push(`${record.name} (${why})`);
    named.push(record);
    return record;
  };
  const copy = (type: ModelType, hint: string): ModelType => {
    const done = copies.get(type);
    if (done) return done;
    switch (type.kind) {
      case 'record': {
        const record: RecordType = { ...type, fields: [] };
        copies.set(type, record);
        named.push(record);
        record.fields = type.fields.map((field) => ({
          key: field.key,
          type: copy(field.type, `${record.name}${upper(field.key)}`),
          ...('default' in field ? { default: field.default } : {}),
        }));
        return record;
      }
      case 'union': {
        const union: UnionType = { ...type, branches: [] };
        copies.set(type, union);
        named.push(union);
        union.branches = type.branches.map((branch) => {
          const inner = copy(branch.type, `${type.name}${upper(branch.name)}`);
          const fits = rules.unionBranch(branch.type, uses.get(branch.type) ?? 0);
          return { ...branch, type: fits ? inner : wrap(inner, `${type.name}${upper(branch.name)}`, 'a union member') };
        });
        return union;
      }
      case 'enum':
        copies.set(type, type);
        named.push(type);
        return type;
      case 'list': {
        const element = copy(type.element, `${hint}Item`);
        return { kind: 'list', element: rules.listElement(type.element) ? element : wrap(element, `${hint}Item`, 'a list element') };
      }
      case 'map': {
        const copied = copy(type.values, `${hint}Value`);
        const values = rules.mapValue(type.values) ? copied : wrap(copied, `${hint}Value`, 'a map value');
        if (!rules.mapEntries) return { kind: 'map', values };
        const entry: RecordType = {
          kind: 'record',
          name: names.take(`${hint}Entry`),
          fields: [
            { key: 'key', type: { kind: 'scalar', scalar: 'string' } },
            { key: 'value', type: values },
          ],
        };
        named.push(entry);
        mapped = true;
        return { kind: 'map', values, entry };
      }
      case 'nullable':
        return { kind: 'nullable', inner: copy(type.inner, hint) };
      default:
        return type;
    }
  };
  const inner = copy(model.root, 'Root');
  const isRecordRoot = inner.kind === 'record' && !inner.wraps;
  const root = isRecordRoot ? inner : wrap(inner, 'Root', 'the root');
  const notes = [...model.notes];
  if (!isRecordRoot) notes.push({ code: 'translated-root-wrapped', format: rules.language, root: (root as RecordType).name });
  if (wrapped.length > 0) {
    notes.push({ code: 'translated-values-wrapped', format: rules.language, values: wrapped });
  }
  if (mapped) notes.push({ code: 'translated-maps-as-entries', format: rules.language });
  return { root, named, notes };
}

function upper(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('') || 'Value';
}

/** How many places refer to each record or union (a Bebop union defines its branches inline). */
function countUses(root: ModelType): Map<ModelType, number> {
  const uses = new Map<ModelType, number>();
  const visit = (type: ModelType): void => {
    const seen = uses.get(type);
    if (type.kind === 'record' || type.kind === 'union') {
      uses.set(type, (seen ?? 0) + 1);
      if (seen !== undefined) return;
    }
    switch (type.kind) {
      case 'record':
        for (const field of type.fields) visit(field.type);
        break;
      case 'union':
        for (const branch of type.branches) visit(branch.type);
        break;
      case 'list':
        visit(type.element);
        break;
      case 'map':
        visit(type.values);
        break;
      case 'nullable':
        visit(type.inner);
        break;
      default:
    }
  };
  visit(root);
  return uses;
}
