/**
 * Field names in the three languages. JSON keys are data; each language has its own rules
 * (Cap'n Proto refuses underscores, FlatBuffers wants snake_case, flatc and bebopc turn names
 * into camelCase for TypeScript) and each generator's classes have members a field must not
 * shadow. A field's name in a language is computed here, once per record, by the translation
 * and by the driver alike: the driver maps the names back to the JSON keys.
 */
import type { RecordType } from './model';

export type NameStyle = 'snake' | 'camel';

/**
 * Names a field may not take, per generator: flatc's table classes hold `bb` and `bb_pos` and
 * an `__init`; capnp-es structs have `segment`, `byteOffset` and `_capnp` and rename
 * `constructor`; Bebop's records get an `encode` method. Keywords of the schema languages and
 * of TypeScript are avoided everywhere.
 */
const RESERVED = new Set([
  'bb',
  'bb_pos',
  'init',
  'segment',
  'byte_offset',
  'capnp',
  'constructor',
  'to_string',
  'which',
  'encode',
  'prototype',
  'table',
  'struct',
  'union',
  'enum',
  'namespace',
  'include',
  'attribute',
  'root_type',
  'file_identifier',
  'file_extension',
  'rpc_service',
  'import',
  'using',
  'const',
  'annotation',
  'interface',
  'extends',
  'message',
  'map',
  'readonly',
  'service',
  'class',
  'default',
  'delete',
  'new',
  'function',
  'return',
  'var',
  'let',
  'void',
  'this',
  'super',
  'typeof',
  'instanceof',
  'in',
  'of',
  'if',
  'else',
  'for',
  'while',
  'do',
  'switch',
  'case',
  'break',
  'continue',
  'try',
  'catch',
  'finally',
  'throw',
  'with',
  'yield',
  'await',
  'async',
  'export',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'null',
  'true',
  'false',
  'undefined',
  'nan',
  'inf',
  'infinity',
]);

/**
 * Type names the generated TypeScript or a schema language already uses: a record named `Map`
 * would shadow the global in flatc's output, one named `Text` Cap'n Proto's builtin.
 */
export const RESERVED_TYPE_NAMES: readonly string[] = [
  'Object',
  'Array',
  'Map',
  'Set',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Date',
  'Error',
  'Function',
  'Promise',
  'Uint8Array',
  'DataView',
  'JSON',
  'Math',
  'Text',
  'Data',
  'List',
  'Void',
  'Bool',
  'AnyPointer',
  'Capability',
  'Struct',
  'Message',
  'Builder',
  'ByteBuffer',
  'Table',
  'Offset',
  'Encoding',
  'BebopView',
  'BebopRecord',
  'BebopRuntimeError',
  'Guid',
  'GuidMap',
];

/** `durationMs` → [duration, ms]; `user_id` → [user, id]; `HTMLParser` → [html, parser]; `x2y` → [x, 2, y]. */
export function wordsOf(key: string): string[] {
  const spaced = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2');
  return spaced
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

export function snakeCase(words: readonly string[]): string {
  return words.join('_');
}

export function camelCase(words: readonly string[]): string {
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

export const upperFirst = (name: string): string => name[0]!.toUpperCase() + name.slice(1);

/**
 * A record's field names in a style, in field order: unique, not reserved, starting with a
 * letter; with `avoidRecordName`, never the record's own name (bebopc refuses
 * `struct Items { Item[] items; }`). A user's own schema names its fields itself (`ModelField.name`).
 */
export function fieldNames(record: RecordType, style: NameStyle, avoidRecordName = false): string[] {
  if (record.fields.every((field) => field.name !== undefined)) return record.fields.map((field) => field.name!);
  const taken = new Set<string>();
  const own = avoidRecordName ? record.name.toLowerCase() : undefined;
  return record.fields.map((field) => {
    let words = wordsOf(field.key);
    if (words.length === 0 || /^[0-9]/.test(words[0]!)) words = ['field', ...words];
    let name = style === 'snake' ? snakeCase(words) : camelCase(words);
    if (RESERVED.has(snakeCase(wordsOf(name))) || name.toLowerCase() === own) name = style === 'snake' ? `${name}_field` : `${name}Field`;
    const base = name;
    for (let suffix = 2; taken.has(name.toLowerCase()); suffix += 1) name = style === 'snake' ? `${base}_${suffix}` : `${base}${suffix}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** Bebop's field names: camelCase, and never the record's own name. */
export const bebopFieldNames = (record: RecordType): string[] => fieldNames(record, 'camel', true);

/** Whether each name is its JSON key: the driver then needs no renaming. */
export function namesAreKeys(record: RecordType, names: readonly string[]): boolean {
  return record.fields.every((field, index) => field.key === names[index]);
}
