/**
 * Keys of a JSON sample that an Avro record has no field for. avsc's `isValid` and avro-js's
 * accept a record with extra keys and encode without them, so a sample key the schema lacks
 * would vanish unsaid; this walk finds the first (or, when the user chose to drop such keys,
 * leaves them all out of a copy and lists them). Named types are followed by name, so
 * recursive records (`Node` holding `Node`s) are walked as deep as the sample goes.
 */
import { formatPath, type PathSegment } from '../analysis/json-path';
import { previewValue, type SampleMismatch } from './sample-fit';

type Json = Record<string, unknown>;

export interface AvroKeysFit {
  mismatch?: SampleMismatch;
  dropped: string[];
  /** The sample without the dropped keys; absent when nothing was dropped. */
  value?: unknown;
}

const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);

export function checkAvroKeys(schema: unknown, sample: unknown, options: { dropUnknownKeys?: boolean; namespace?: string } = {}): AvroKeysFit {
  const named = new Map<string, Json>();
  const fit: AvroKeysFit = { dropped: [] };
  const path: PathSegment[] = [];

  const fullName = (name: string, namespace: string | undefined) => (name.includes('.') || !namespace ? name : `${namespace}.${name}`);
  const register = (node: unknown, namespace: string | undefined): void => {
    if (Array.isArray(node)) return node.forEach((branch) => register(branch, namespace));
    if (node === null || typeof node !== 'object') return;
    const object = node as Json;
    const own = typeof object['namespace'] === 'string' ? (object['namespace'] as string) : namespace;
    if (typeof object['name'] === 'string' && ['record', 'error', 'enum', 'fixed'].includes(object['type'] as string)) {
      const name = fullName(object['name'] as string, own);
      named.set(name, object);
      named.set(name.slice(name.lastIndexOf('.') + 1), object);
      const inner = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : own;
      for (const field of (object['fields'] as Json[] | undefined) ?? []) register(field['type'], inner);
      return;
    }
    register(object['items'], own);
    register(object['values'], own);
    if (typeof object['type'] === 'object') register(object['type'], own);
  };
  register(schema, options.namespace);

  const resolve = (node: unknown): unknown => {
    if (typeof node === 'string' && !PRIMITIVES.has(node)) return named.get(node) ?? node;
    if (node !== null && typeof node === 'object' && !Array.isArray(node) && typeof (node as Json)['type'] === 'object') return resolve((node as Json)['type']);
    return node;
  };

  const walk = (node: unknown, value: unknown): unknown => {
    if (fit.mismatch || value === null || typeof value !== 'object') return value;
    const type = resolve(node);
    if (Array.isArray(type)) return walk(branchFor(type, value), value);
    if (type === null || typeof type !== 'object') return value;
    const object = type as Json;
    switch (object['type']) {
      case 'array':
        return Array.isArray(value) ? each(value, (item) => walk(object['items'], item)) : value;
      case 'map':
        return Array.isArray(value) ? value : eachKey(value as Json, (item) => walk(object['values'], item));
      case 'record':
      case 'error':
        return Array.isArray(value) ? value : record(object, value as Json);
      default:
        return value;
    }
  };

  /** The record branch of a union an object value is meant for: the one naming all its keys, else most. */
  const branchFor = (branches: unknown[], value: unknown): unknown => {
    const candidates = branches.map(resolve).filter((branch) => {
      const kind = (branch as Json | null)?.['type'];
      return Array.isArray(value) ? kind === 'array' : kind === 'record' || kind === 'error' || kind === 'map';
    });
    if (Array.isArray(value) || candidates.length <= 1) return candidates[0];
    const keys = Object.keys(value as Json);
    const score = (branch: unknown) => {
      if ((branch as Json)['type'] === 'map') return keys.length - 0.5;
      const names = new Set(((branch as Json)['fields'] as Json[]).map((field) => field['name']));
      return keys.filter((key) => names.has(key)).length;
    };
    return candidates.reduce((best, branch) => (score(branch) > score(best) ? branch : best));
  };

  const record = (type: Json, value: Json): unknown => {
    const fields = (type['fields'] as Json[] | undefined) ?? [];
    const byName = new Map(fields.map((field) => [field['name'] as string, field]));
    let copy: Json | undefined;
    for (const key of Object.keys(value)) {
      path.push(key);
      const field = byName.get(key);
      if (field === undefined) {
        if (!options.dropUnknownKeys) {
          fit.mismatch = {
            path: formatPath(path),
            value: previewValue(value[key]),
            expected: `a field of record ${String(type['name'])}`,
            known: [...byName.keys()],
          };
          return value;
        }
        fit.dropped.push(formatPath(path));
        copy ??= { ...value };
        delete copy[key];
      } else {
        const inner = walk(field['type'], value[key]);
        if (inner !== value[key]) (copy ??= { ...value })[key] = inner;
      }
      path.pop();
      if (fit.mismatch) return value;
    }
    return copy ?? value;
  };

  const each = (list: unknown[], visit: (item: unknown) => unknown): unknown[] => {
    let copy: unknown[] | undefined;
    for (let index = 0; index < list.length && !fit.mismatch; index++) {
      path.push(index);
      const item = visit(list[index]);
      path.pop();
      if (item !== list[index]) (copy ??= [...list])[index] = item;
    }
    return copy ?? list;
  };

  const eachKey = (map: Json, visit: (item: unknown) => unknown): Json => {
    let copy: Json | undefined;
    for (const key of Object.keys(map)) {
      if (fit.mismatch) break;
      path.push(key);
      const item = visit(map[key]);
      path.pop();
      if (item !== map[key]) (copy ??= { ...map })[key] = item;
    }
    return copy ?? map;
  };

  const checked = walk(schema, sample);
  if (checked !== sample && !fit.mismatch) fit.value = checked;
  return fit;
}
