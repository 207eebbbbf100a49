/**
 * Decisions both inference formats share about irregular JSON: which objects are maps rather
 * than records, what a map's values look like, and the budgets that keep a schema bounded.
 */
import { MAX_RECORD_FIELDS, mergeShapes, type ObjectShape, type Shape } from './shape';
import { isSchemaIdentifier } from './names';
import { jsonText } from '../analysis/json-text';
import type { MapKeys } from '../shared/inference-facts';

/**
 * From this many keys, an object whose every value is an object is taken for a dictionary
 * (projects by name, users by login): one value type serves them all, where a record would
 * declare a type per key.
 */
const DICTIONARY_MIN_KEYS = 16;

/** Why an object shape is typed as a map, or undefined for a record. */
export function mapKeysReason(shape: ObjectShape): MapKeys | undefined {
  if (shape.values !== undefined || shape.fields.size > MAX_RECORD_FIELDS) return { kind: 'many', max: MAX_RECORD_FIELDS };
  if (shape.fields.size >= DICTIONARY_MIN_KEYS && [...shape.fields.values()].every((field) => field.shape.kind === 'object')) {
    return { kind: 'objects', min: DICTIONARY_MIN_KEYS };
  }
  for (const key of shape.fields.keys()) {
    if (!isSchemaIdentifier(key)) return { kind: 'not-names' };
  }
  return undefined;
}

const mapValues = new WeakMap<ObjectShape, Shape>();

/**
 * One shape for every value of an object typed as a map. Merging consumes the field shapes, so
 * the result is kept: a second pass over the same shape (a tighter budget) gets it again.
 */
export function mapValuesOf(shape: ObjectShape): Shape {
  if (shape.values !== undefined) return shape.values;
  let values = mapValues.get(shape);
  if (values === undefined) {
    values = { kind: 'unknown', path: shape.path };
    for (const field of shape.fields.values()) values = mergeShapes(values, field.shape);
    mapValues.set(shape, values);
  }
  return values;
}

/**
 * The schema text a sample may get: its own JSON size, but never less than this, since a
 * schema for a few bytes of JSON cannot be shorter than its header.
 */
export function schemaTextBudget(sample: unknown): number {
  return Math.max(MIN_SCHEMA_TEXT_BUDGET, jsonText(sample)?.length ?? 0);
}

const MIN_SCHEMA_TEXT_BUDGET = 4096;

/** Limits on one inference: record (message) types declared, and object nesting depth. */
export interface ShapeBudget {
  records: number;
  depth: number;
}

/**
 * Budgets from generous to none: past a budget a path becomes free-form JSON. Inference tries
 * them in order until the schema text is no bigger than the sample.
 */
export function shapeBudgets(): ShapeBudget[] {
  return [
    { records: 400, depth: Number.POSITIVE_INFINITY },
    { records: 100, depth: 8 },
    { records: 20, depth: 4 },
    { records: 0, depth: 0 },
  ];
}
