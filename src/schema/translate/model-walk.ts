/**
 * Visits every record field of a model once, with the JSON path where the record was first
 * reached (`$.items[*].x`): translations name the paths of their choices in notes, as the
 * inferred schemas do.
 */
import type { ModelField, ModelType, RecordType, SchemaModel } from './model';

export type FieldVisitor = (record: RecordType, field: ModelField, index: number, path: string) => void;

export function visitFields(model: SchemaModel, visit: FieldVisitor): void {
  const seen = new Set<ModelType>();
  const walk = (type: ModelType, path: string): void => {
    switch (type.kind) {
      case 'record':
        if (seen.has(type)) return;
        seen.add(type);
        type.fields.forEach((field, index) => {
          const fieldPath = type.wraps ? path : `${path}.${field.key}`;
          visit(type, field, index, fieldPath);
          walk(field.type, fieldPath);
        });
        return;
      case 'union':
        if (seen.has(type)) return;
        seen.add(type);
        for (const branch of type.branches) walk(branch.type, path);
        return;
      case 'list':
        walk(type.element, `${path}[*]`);
        return;
      case 'map':
        walk(type.values, `${path}.*`);
        return;
      case 'nullable':
        walk(type.inner, path);
        return;
      default:
    }
  };
  walk(model.root, '$');
}

/** The records a union refers to as its branches (FlatBuffers: they must be tables). */
export function unionBranchRecords(model: SchemaModel): Set<RecordType> {
  const records = new Set<RecordType>();
  for (const type of model.named) {
    if (type.kind !== 'union') continue;
    for (const branch of type.branches) if (branch.type.kind === 'record') records.add(branch.type);
  }
  return records;
}
