/**
 * proto2 groups in a sample: some generators write no field for a group (protobuf-ts, as
 * protobuf-es did before it read groups) and keep its bytes as unknown fields. Such a row writes
 * the right bytes, but its decode never reads the group's data, so its figures would not be of
 * this sample.
 */
import * as protobuf from 'protobufjs';
import { formatPath, type PathSegment } from '../analysis/json-path';
import { fieldsByJsonKey } from './proto-json-names';

/** Objects looked at before the search gives up: a group, where a sample has one, is in its first records. */
const OBJECTS_LOOKED_AT = 100_000;

export interface GroupInSample {
  /** The group field, as the message names it (`GoogleMessage2.group1`). */
  field: string;
  path: string;
}

/** The first group field the sample gives a value, in document order; `wrappedAs` is the field a list sample was encoded in. */
export function groupInSample(type: protobuf.Type, sample: unknown, wrappedAs?: string): GroupInSample | undefined {
  const stack: Array<{ type: protobuf.Type; value: unknown; path: PathSegment[] }> = [
    { type, value: wrappedAs === undefined ? sample : { [wrappedAs]: sample }, path: [] },
  ];
  let looked = 0;
  while (stack.length > 0 && looked < OBJECTS_LOOKED_AT) {
    const { type: at, value, path } = stack.pop()!;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push({ type: at, value: value[index], path: [...path, index] });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    looked++;
    const fields = fieldsByJsonKey(at);
    const children: typeof stack = [];
    for (const [key, child] of Object.entries(value)) {
      const field = fields.get(key);
      if (!field || child === null || child === undefined) continue;
      field.resolve();
      const resolved = field.resolvedType;
      if (!(resolved instanceof protobuf.Type)) continue;
      // The wrapper a list sample was encoded in is the tool's, not the user's: its path is the sample's root.
      const here = at === type && key === wrappedAs ? path : [...path, key];
      if ((resolved as protobuf.Type & { group?: boolean }).group === true) return { field: `${at.name}.${field.name}`, path: formatPath(here) };
      children.push({ type: resolved, value: child, path: here });
    }
    stack.push(...children.reverse());
  }
  return undefined;
}
