/**
 * Each kind of remnant in words a user understands: a short column header, a title, and why it
 * matters to code that consumes the decoded value. Plain data (no Node, no vscode): the CLI and
 * the webview both show it.
 */
import type { RemnantKind } from './results';

export interface RemnantKindInfo {
  /** Column header, at most 9 characters. */
  short: string;
  title: string;
  meaning: string;
}

/** Column order of the remnant matrix: what the object is, then its keys, then its values. */
export const REMNANT_KINDS: readonly RemnantKind[] = [
  'prototype',
  'inherited-enumerable',
  'accessor',
  'non-enumerable',
  'symbol-key',
  'to-json',
  'unwrap-required',
  'rename',
  'missing-key',
  'extra-key',
  'type-change',
  'precision',
];

export const REMNANT_KIND_INFO: Readonly<Record<RemnantKind, RemnantKindInfo>> = {
  prototype: {
    short: 'prototype',
    title: 'Non-plain prototype',
    meaning: 'class instances, not plain objects: deepStrictEqual against plain data fails, structuredClone drops methods',
  },
  'inherited-enumerable': {
    short: 'inh.enum',
    title: 'Inherited enumerable properties',
    meaning: 'for…in loops (and code built on them) see extra keys; Object.keys, spread and JSON.stringify do not',
  },
  accessor: {
    short: 'accessor',
    title: 'Getters and setters',
    meaning: 'values are computed on read: spread and Object.assign copy a snapshot, Object.freeze does not freeze them',
  },
  'non-enumerable': {
    short: 'non-enum',
    title: 'Non-enumerable own properties',
    meaning: 'present on the object but skipped by JSON.stringify, spread and Object.keys',
  },
  'symbol-key': {
    short: 'symbol',
    title: 'Symbol keys',
    meaning: 'invisible to JSON.stringify and Object.keys, copied by spread',
  },
  'to-json': {
    short: 'toJSON',
    title: 'toJSON hooks',
    meaning: 'JSON.stringify writes what toJSON returns, not the properties you see',
  },
  'unwrap-required': {
    short: 'unwrap',
    title: 'Unwrapping required',
    meaning: 'a message or builder object: the data is behind methods such as toObject(), not properties',
  },
  rename: {
    short: 'renamed',
    title: 'Renamed keys',
    meaning: 'a key came back under another name (items → itemsList, __proto__ → __proto_)',
  },
  'missing-key': {
    short: 'missing',
    title: 'Missing keys',
    meaning: 'a key of the sample is gone after the round trip',
  },
  'extra-key': {
    short: 'extra',
    title: 'Extra keys',
    meaning: 'keys the sample did not have, often defaults filled in by the schema',
  },
  'type-change': {
    short: 'types',
    title: 'Changed types',
    meaning: 'Long, BigInt, Buffer, Map, Date or typed arrays where JSON had numbers, strings, objects or arrays',
  },
  precision: {
    short: 'precision',
    title: 'Precision',
    meaning: 'integers beyond 2^53 (including those JSON.parse already rounded), float32 rounding, -0 turned into 0',
  },
};
