/**
 * The glue for capnp-es's generated classes (see glue-source.ts): what a Cap'n Proto user
 * writes by hand. Encode fills a new Message through the generated setters and `_initX`
 * calls and returns its standard (unpacked) framing; decode opens the bytes with
 * `new Message(bytes, false)` (capnp-es copies the segments as it opens them) and reads every
 * field through the getters into a plain object; access reads every leaf into a sum;
 * firstField follows one path.
 */
import type { CapnpTranslation } from '../../schema/translate/to-capnp';
import { fieldNames, upperFirst } from '../../schema/translate/identifiers';
import { isFixedSize, type EnumType, type ModelType, type RecordType, type UnionType } from '../../schema/translate/model';
import { enumRead, enumTables, enumWrite, GLUE_HELPERS, GlueFunctions, literal, pathStep, property, typeKey, kindTest } from './glue-source';

const isInt64 = (type: ModelType) => type.kind === 'scalar' && (type.scalar === 'int64' || type.scalar === 'uint64');
const isText = (type: ModelType) => (type.kind === 'scalar' && type.scalar === 'string') || type.kind === 'json-text';
const isBytes = (type: ModelType) => type.kind === 'scalar' && type.scalar === 'bytes';

/** A UInt32 field with a default other than 0, which capnp-es's getter reads as a signed number from 2^31 up. */
export const isMaskedUint32 = (field: RecordType['fields'][number]): boolean =>
  field.type.kind === 'scalar' && field.type.scalar === 'uint32' && 'default' in field && field.default !== 0;

export function capnpGlue(translation: CapnpTranslation, generatedModule: string): string {
  const { model } = translation;
  const root = model.root as RecordType;
  const fns = new GlueFunctions();
  const enums = model.named.filter((type): type is EnumType => type.kind === 'enum');

  const toWire = (type: ModelType, x: string): string => {
    if (type.kind === 'enum') return enumWrite(type, x);
    if (isInt64(type)) return `BigInt(${x})`;
    if (type.kind === 'json-text') return `JSON.stringify(${x})`;
    return x;
  };
  const fromWire = (type: ModelType, read: string): string => {
    if (type.kind === 'enum') return enumRead(type, read);
    if (isInt64(type)) return `fromInt64(${read})`;
    if (type.kind === 'json-text') return `JSON.parse(${read})`;
    return read;
  };

  /** Statements setting the value `x` of type `type` into the field `name` of struct `s`. */
  const setField = (s: string, name: string, type: ModelType, x: string): string => {
    const init = `${s}._init${upperFirst(name)}`;
    switch (type.kind) {
      case 'null':
        return '';
      case 'scalar':
        if (isBytes(type)) return `{ const d = fromBase64(${x}); ${init}(d.length).copyBuffer(d); }`;
        return `${s}.${name} = ${toWire(type, x)};`;
      case 'enum':
      case 'json-text':
        return `${s}.${name} = ${toWire(type, x)};`;
      case 'record':
        if (type.oneOf) return `${encodeGroup(type)}(${s}.${name}, ${x});`;
        return `${encodeStruct(type)}(${init}(), ${x});`;
      case 'union':
        return `${encodeUnion(type)}(${init}(), ${x});`;
      case 'list':
        return `${encodeList(type.element)}(${init}(${x}.length), ${x});`;
      case 'map': {
        const entry = type.entry!;
        const [, valueName] = fieldNames(entry, 'camel');
        return `{ const keys = Object.keys(${x}); const l = ${init}(keys.length); for (let i = 0; i < keys.length; i++) { const e = l.get(i); e.key = keys[i]; ${setField('e', valueName!, entry.fields[1]!.type, `${x}[keys[i]]`)} } }`;
      }
      case 'nullable':
        // A nullable number is a group union whose first member (none) is the default: only a value is written.
        if (isFixedSize(type.inner)) return `if (${x} != null) ${s}.${name}.value = ${toWire(type.inner, x)};`;
        return `if (${x} != null) { ${setField(s, name, type.inner, x)} }`;
    }
  };

  const encodeStruct = (record: RecordType): string =>
    fns.need(`enc_${record.name}`, () => {
      const names = fieldNames(record, 'camel');
      // A key left out is not set: the struct's default (0, empty, the first enumerant) is read back.
      const sets = record.fields
        .map((field, index) => {
          const set = setField('s', names[index]!, field.type, record.wraps ? 'v' : `x${index}`);
          return set && !record.wraps ? `{ const x${index} = ${property('v', field.key)}; if (x${index} !== undefined) { ${set} } }` : set;
        })
        .filter(Boolean);
      return `function enc_${record.name}(s, v) {\n${sets.map((line) => `  ${line}`).join('\n')}\n}\n`;
    });

  /** A union group: the one member the JSON object has (a Void member is set with true). */
  const encodeGroup = (record: RecordType): string =>
    fns.need(`genc_${record.name}`, () => {
      const names = fieldNames(record, 'camel');
      const cases = record.fields.map((field, index) => {
        const x = property('x', field.key);
        const set = field.type.kind === 'null' ? `g.${names[index]} = true;` : setField('g', names[index]!, field.type, x);
        return `  if (${x} !== undefined) { ${set} return; }`;
      });
      return `function genc_${record.name}(g, x) {\n${cases.join('\n')}\n  throw new TypeError('the union ${record.name} needs one of its members as a key: ${record.fields.map((field) => field.key).join(', ')}');\n}\n`;
    });

  /** A union group read or folded through its `which()`: only the member set is read. */
  const groupSwitch = (record: RecordType, kind: 'gdec' | 'gacc'): string =>
    fns.need(`${kind}_${record.name}`, () => {
      const names = fieldNames(record, 'camel');
      const cases = record.fields.map((field, index) => {
        const read = kind === 'gdec' ? `{ ${literal(field.key)}: ${readField('g', names[index]!, field.type)} }` : sumField('g', names[index]!, field.type);
        return `    case ${field.tag ?? index}: return ${read};`;
      });
      return `function ${kind}_${record.name}(g) {\n  switch (g.which()) {\n${cases.join('\n')}\n    default: return ${kind === 'gdec' ? 'null' : '0'};\n  }\n}\n`;
    });

  const encodeList = (element: ModelType): string =>
    fns.need(`lenc_${typeKey(element)}`, () => {
      let body: string;
      if (element.kind === 'null') body = '';
      else if (element.kind === 'record') body = `  for (let i = 0; i < x.length; i++) ${encodeStruct(element)}(l.get(i), x[i]);`;
      else if (element.kind === 'union') body = `  for (let i = 0; i < x.length; i++) ${encodeUnion(element)}(l.get(i), x[i]);`;
      else body = `  for (let i = 0; i < x.length; i++) l.set(i, ${toWire(element, 'x[i]')});`;
      return `function lenc_${typeKey(element)}(l, x) {\n${body}\n}\n`;
    });

  const encodeUnion = (union: UnionType): string =>
    fns.need(`uenc_${union.name}`, () => {
      const cases = union.branches.map((branch) => {
        const test = kindTest(branch.accepts, 'x');
        return `  if (${test}) { ${setField('u', branch.name, branch.type, 'x')} return; }`;
      });
      return `function uenc_${union.name}(u, x) {\n${cases.join('\n')}\n  throw new TypeError('a value of none of the union ${union.name}\\'s kinds: ' + typeof x);\n}\n`;
    });

  /** The JSON value of field `name` (type `type`) of struct `s`; `pointer`: its pointer slot. */
  const readField = (s: string, name: string, type: ModelType, pointer = -1): string => {
    const has = hasPointer(s, name, type, pointer);
    switch (type.kind) {
      case 'null':
        return 'null';
      case 'scalar':
      case 'enum':
      case 'json-text':
        return isBytes(type) ? `toBase64(${s}.${name}.toUint8Array())` : fromWire(type, `${s}.${name}`);
      case 'record':
        return `${type.oneOf ? groupSwitch(type, 'gdec') : decodeStruct(type)}(${s}.${name})`;
      case 'union':
        return `${decodeUnion(type)}(${s}.${name})`;
      case 'list':
        return `${decodeList(type.element)}(${s}.${name})`;
      case 'map': {
        const entry = type.entry!;
        const [, valueName] = fieldNames(entry, 'camel');
        return `${fns.need(`mdec_${entry.name}`, () => `function mdec_${entry.name}(l) {\n  const o = {};\n  for (let i = 0; i < l.length; i++) { const e = l.get(i); o[e.key] = ${readField('e', valueName!, entry.fields[1]!.type)}; }\n  return o;\n}\n`)}(${s}.${name})`;
      }
      case 'nullable':
        if (isFixedSize(type.inner))
          return `${fns.need(`gdec_${typeKey(type.inner)}`, () => `function gdec_${typeKey(type.inner)}(g) {\n  return g.which() === 0 ? null : ${fromWire(type.inner, 'g.value')};\n}\n`)}(${s}.${name})`;
        return `(${has} ? ${readField(s, name, type.inner)} : null)`;
    }
  };

  /**
   * Whether a pointer field is set. capnp-es generates `_hasX()` for lists, structs and data
   * but not for text (whose getter gives "" for a null pointer): text is checked at its slot.
   */
  const hasPointer = (s: string, name: string, type: ModelType, pointer: number): string => {
    const inner = type.kind === 'nullable' ? type.inner : type;
    return isText(inner) ? `!capnp.utils.isNull(capnp.utils.getPointer(${pointer}, ${s}))` : `${s}._has${upperFirst(name)}()`;
  };

  const decodeStruct = (record: RecordType): string =>
    fns.need(`dec_${record.name}`, () => {
      const names = fieldNames(record, 'camel');
      const slots = pointerSlots(record);
      const reads = record.fields.map((field, index) => {
        const read = readField('s', names[index]!, field.type, slots[index]);
        // capnp-es XORs a declared default in with JavaScript's 32-bit `^`: a UInt32 of 2^31 or more comes back negative.
        return [field.key, isMaskedUint32(field) ? `(${read} >>> 0)` : read] as const;
      });
      const body = record.wraps ? reads[0]![1] : `{ ${reads.map(([key, read]) => `${literal(key)}: ${read}`).join(', ')} }`;
      return `function dec_${record.name}(s) {\n  return ${body};\n}\n`;
    });

  const decodeList = (element: ModelType): string =>
    fns.need(`ldec_${typeKey(element)}`, () => {
      const read =
        element.kind === 'null'
          ? 'null'
          : element.kind === 'record'
            ? `${decodeStruct(element)}(l.get(i))`
            : element.kind === 'union'
              ? `${decodeUnion(element)}(l.get(i))`
              : fromWire(element, 'l.get(i)');
      return `function ldec_${typeKey(element)}(l) {\n  const n = l.length;\n  const a = new Array(n);\n  for (let i = 0; i < n; i++) a[i] = ${read};\n  return a;\n}\n`;
    });

  const decodeUnion = (union: UnionType): string =>
    fns.need(`udec_${union.name}`, () => {
      const cases = union.branches.map((branch, index) => `    case ${index}: return ${readField('u', branch.name, branch.type)};`);
      return `function udec_${union.name}(u) {\n  switch (u.which()) {\n${cases.join('\n')}\n    default: return null;\n  }\n}\n`;
    });

  /** A number folded from every leaf of field `name` (type `type`) of struct `s`. */
  const sumField = (s: string, name: string, type: ModelType, pointer = -1): string => {
    switch (type.kind) {
      case 'null':
        return '0';
      case 'scalar':
        if (isBytes(type)) return `${s}.${name}.length`;
        if (isText(type)) return `${s}.${name}.length`;
        return isInt64(type) ? `sinkBig(${s}.${name})` : `${s}.${name}`;
      case 'enum':
        return `${s}.${name}`;
      case 'json-text':
        return `${s}.${name}.length`;
      case 'record':
        return `${type.oneOf ? groupSwitch(type, 'gacc') : accessStruct(type)}(${s}.${name})`;
      case 'union':
        return `${accessUnion(type)}(${s}.${name})`;
      case 'list':
        return `${fns.need(`lacc_${typeKey(type.element)}`, () => {
          const leaf =
            type.element.kind === 'null'
              ? '0'
              : type.element.kind === 'record'
                ? `${accessStruct(type.element)}(l.get(i))`
                : type.element.kind === 'union'
                  ? `${accessUnion(type.element)}(l.get(i))`
                  : isText(type.element)
                    ? 'l.get(i).length'
                    : isInt64(type.element)
                      ? 'sinkBig(l.get(i))'
                      : 'l.get(i)';
          return `function lacc_${typeKey(type.element)}(l) {\n  const n = l.length;\n  let s = n;\n  for (let i = 0; i < n; i++) s += ${leaf};\n  return s;\n}\n`;
        })}(${s}.${name})`;
      case 'map': {
        const entry = type.entry!;
        const [, valueName] = fieldNames(entry, 'camel');
        return `${fns.need(`macc_${entry.name}`, () => `function macc_${entry.name}(l) {\n  let s = l.length;\n  for (let i = 0; i < l.length; i++) { const e = l.get(i); s += e.key.length + ${sumField('e', valueName!, entry.fields[1]!.type)}; }\n  return s;\n}\n`)}(${s}.${name})`;
      }
      case 'nullable':
        if (isFixedSize(type.inner)) return `(${s}.${name}.which() === 0 ? 0 : ${sumField(`${s}.${name}`, 'value', type.inner)})`;
        return `(${hasPointer(s, name, type, pointer)} ? ${sumField(s, name, type.inner)} : 0)`;
    }
  };

  const accessStruct = (record: RecordType): string =>
    fns.need(`acc_${record.name}`, () => {
      const names = fieldNames(record, 'camel');
      const slots = pointerSlots(record);
      const sums = record.fields.flatMap((field, index) =>
        field.type.kind === 'null' ? [] : [`  s += ${sumField('r', names[index]!, field.type, slots[index])};`],
      );
      return `function acc_${record.name}(r) {\n  let s = 0;\n${sums.join('\n')}\n  return s;\n}\n`;
    });

  const accessUnion = (union: UnionType): string =>
    fns.need(`uacc_${union.name}`, () => {
      const cases = union.branches.map((branch, index) => `    case ${index}: return ${sumField('u', branch.name, branch.type)};`);
      return `function uacc_${union.name}(u) {\n  switch (u.which()) {\n${cases.join('\n')}\n    default: return 0;\n  }\n}\n`;
    });

  const open = `(bytes) => new capnp.Message(bytes, false).getRoot(G.${root.name})`;
  return [
    "'use strict';",
    "const capnp = require('capnp-es');",
    `const G = require(${literal(`./${generatedModule}`)});`,
    GLUE_HELPERS,
    ...enums.map((type) => enumTables(type)),
    `exports.encode = function encode(value) {\n  const message = new capnp.Message();\n  ${encodeStruct(root)}(message.initRoot(G.${root.name}), value);\n  return new Uint8Array(message.toArrayBuffer());\n};`,
    `const open = ${open};`,
    `exports.decode = function decode(bytes) { return ${decodeStruct(root)}(open(bytes)); };`,
    `exports.access = function access(bytes) { return ${accessStruct(root)}(open(bytes)); };`,
    firstField(root),
    fns.toString(),
  ].join('\n');
}

/**
 * Each field's slot in its struct's pointer section (-1 for data fields): capnp lays pointer
 * fields out in ordinal order, and these structs have no unions of pointers sharing a slot
 * (a union is a struct of its own; a nullable number's group holds no pointer).
 */
function pointerSlots(record: RecordType): number[] {
  let next = 0;
  return record.fields.map((field) => {
    const type = field.type.kind === 'nullable' ? field.type.inner : field.type;
    const isPointer = type.kind !== 'null' && type.kind !== 'enum' && !(type.kind === 'scalar' && isFixedSize(type));
    if (!isPointer) return -1;
    next += 1;
    // A user's schema gives the slot capnp chose.
    return field.slot ?? next - 1;
  });
}

/** One path from the root: first field, first element, down to a leaf (or a union's tag). */
function firstField(root: RecordType): string {
  const lines = ['  let s = open(bytes);'];
  let path = '$';
  let record = root;
  for (let depth = 0; depth < 64; depth++) {
    const index = record.fields.findIndex((field) => field.type.kind !== 'null');
    if (index < 0) break;
    const field = record.fields[index]!;
    const name = fieldNames(record, 'camel')[index]!;
    if (!record.wraps) path += pathStep(field.key);
    const nullable = field.type.kind === 'nullable';
    const type = field.type.kind === 'nullable' ? field.type.inner : field.type;
    if (nullable && isFixedSize(type)) return finish(lines, `(s.${name}.which() === 0 ? null : s.${name}.value)`, path);
    if (nullable)
      lines.push(
        isText(type)
          ? `  if (capnp.utils.isNull(capnp.utils.getPointer(${pointerSlots(record)[index]}, s))) return null;`
          : `  if (!s._has${upperFirst(name)}()) return null;`,
      );
    if (type.kind === 'record' && type.oneOf) return finish(lines, `s.${name}.which()`, `${path} (union tag)`);
    if (type.kind === 'record') {
      lines.push(`  s = s.${name};`);
      record = type;
      continue;
    }
    if (type.kind === 'union') return finish(lines, `s.${name}.which()`, `${path} (union tag)`);
    if (type.kind === 'list' || type.kind === 'map') {
      lines.push(`  const l${depth} = s.${name};`, `  if (l${depth}.length === 0) return undefined;`);
      path += type.kind === 'list' ? '[0]' : '[first key]';
      const element = type.kind === 'list' ? type.element : type.entry!;
      if (element.kind === 'record') {
        lines.push(`  s = l${depth}.get(0);`);
        record = element;
        continue;
      }
      return finish(lines, element.kind === 'union' ? `l${depth}.get(0).which()` : `l${depth}.get(0)`, path);
    }
    return finish(lines, isBytes(type) ? `s.${name}.toUint8Array()` : `s.${name}`, path);
  }
  return finish(lines, 's', path);
}

function finish(lines: string[], read: string, path: string): string {
  return `exports.firstFieldPath = ${literal(path)};\nexports.firstField = function firstField(bytes) {\n${lines.join('\n')}\n  return ${read};\n};`;
}
