/**
 * The glue for flatc's TypeScript (see glue-source.ts): what a FlatBuffers user writes by hand.
 * Encode builds bottom-up with the generated builder functions (strings, vectors and child
 * tables first, then `startX`, `addField`…, `endX`) into one reused Builder; decode reads every
 * field through the generated accessors into a plain object (list elements through one reused
 * accessor); access reads every leaf and folds it into a number; firstField follows one path.
 *
 * flatc 2.0.8 writes an optional scalar (`= null`) with `addFieldX(slot, value, 0)`, so a 0
 * would be dropped and read back as null: the glue forces defaults around those adds.
 */
import type { FlatBuffersTranslation } from '../../schema/translate/to-fbs';
import { fieldNames, upperFirst } from '../../schema/translate/identifiers';
import { isFixedSize, type EnumType, type ModelType, type RecordType, type UnionType } from '../../schema/translate/model';
import { enumRead, enumTables, enumWrite, GLUE_HELPERS, GlueFunctions, literal, optionalProperty, pathStep, property, kindTest } from './glue-source';

interface FieldPlan {
  key: string;
  type: ModelType;
  /** flatc's accessor name (`durationMs` for the field `duration_ms`). */
  method: string;
  /** Byte offset of the field's slot in the vtable (for presence checks). */
  vtable: number;
  /** A user's union: the JSON key naming its member. */
  typeKey?: string;
}

/** flatc's lowerCamel of a snake_case field name. */
export const flatcMethod = (snake: string): string =>
  snake
    .split('_')
    .map((word, index) => (index === 0 ? word : upperFirst(word)))
    .join('');

function plansOf(record: RecordType): FieldPlan[] {
  const names = fieldNames(record, 'snake');
  let slot = 0;
  return record.fields.map((field, index) => {
    const id = slot;
    if (field.type.kind !== 'null') slot += unionOf(field.type) ? 2 : 1;
    // A union's value slot follows its type slot; a user's schema gives each field's id.
    const valueSlot = field.slot ?? (unionOf(field.type) ? id + 1 : id);
    return {
      key: field.key,
      type: field.type,
      method: flatcMethod(names[index]!),
      vtable: 4 + 2 * valueSlot,
      ...(field.typeKey ? { typeKey: field.typeKey } : {}),
    };
  });
}

/** The size flatc's parser sorts a table field by: its scalar's, else an offset's (4; a struct's too). */
function slotSize(type: ModelType): number {
  if (type.kind === 'enum') return type.width ?? 1;
  if (type.kind !== 'scalar') return 4;
  return { bool: 1, int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, float32: 4, int64: 8, uint64: 8, float64: 8, string: 4, bytes: 4 }[
    type.scalar
  ];
}

/**
 * flatc -b adds a table's fields largest first (8, 4, 2 then 1 bytes), each size's from the last
 * key to the first: in that order here (from the last field to the first), a sample whose keys
 * come in the schema's field order gives flatc's bytes, padding and all.
 */
function inFlatcOrder(adds: ReadonlyArray<{ size: number; code: string }>): string[] {
  return [8, 4, 2, 1].flatMap((size) =>
    adds
      .filter((add) => add.size === size)
      .reverse()
      .map((add) => add.code),
  );
}

const unionOf = (type: ModelType): UnionType | undefined =>
  type.kind === 'union' ? type : type.kind === 'nullable' && type.inner.kind === 'union' ? type.inner : undefined;
const isInt64 = (type: ModelType) => type.kind === 'scalar' && (type.scalar === 'int64' || type.scalar === 'uint64');

export function flatbuffersGlue(translation: FlatBuffersTranslation, generatedModule: string): string {
  const { model, structs } = translation;
  const fns = new GlueFunctions();
  const entries = new Set<RecordType>();
  const enums: EnumType[] = [];
  for (const type of model.named) if (type.kind === 'enum') enums.push(type);
  const walkMaps = (type: ModelType) => type.kind === 'map' && type.entry && entries.add(type.entry);
  for (const type of model.named)
    if (type.kind === 'record') type.fields.forEach((field) => walkMaps(field.type.kind === 'nullable' ? field.type.inner : field.type));
  const cls = (record: RecordType) => `G.${record.name}`;

  /** A scalar's value as the builder takes it. */
  const toWire = (type: ModelType, x: string): string => {
    if (type.kind === 'enum') return enumWrite(type, x);
    if (isInt64(type)) return `BigInt(${x})`;
    return x;
  };
  /** A scalar read back as its JSON value. */
  const fromWire = (type: ModelType, read: string): string => {
    if (type.kind === 'enum') return enumRead(type, read);
    if (isInt64(type)) return `fromInt64(${read})`;
    return read;
  };
  /**
   * The arguments of flatc's `createX`: every scalar of the struct, nested structs' flattened in
   * order. A struct has no absent fields: a key left out is written as 0.
   */
  const structArgs = (struct: RecordType, x: string): string =>
    struct.fields
      .map((field) => {
        const at = optionalProperty(x, field.key);
        return field.type.kind === 'record' ? structArgs(field.type, at) : toWire(field.type, `(${at} ?? 0)`);
      })
      .join(', ');

  /** Encoder of a table: `(b, v)`, or `(b, k, v)` for a map entry; `v` is the value itself when the record wraps one. */
  const encodeTable = (record: RecordType): string =>
    fns.need(`enc_${record.name}`, () => {
      const plans = plansOf(record);
      const isEntry = entries.has(record);
      const valueOf = (index: number) => (isEntry ? (index === 0 ? 'k' : 'v') : record.wraps ? 'v' : property('v', plans[index]!.key));
      const before: string[] = [];
      /** Each add with the size flatc sorts it by (see inFlatcOrder). */
      const adds: Array<{ size: number; code: string }> = [];
      const push = (type: ModelType, code: string) => adds.push({ size: slotSize(type), code });
      plans.forEach((plan, index) => {
        const { type, method } = plan;
        if (type.kind === 'null') return;
        const nullable = type.kind === 'nullable';
        const inner = type.kind === 'nullable' ? type.inner : type;
        const add = `${cls(record)}.add${upperFirst(method)}`;
        const x = `x${index}`;
        before.push(`  const ${x} = ${valueOf(index)};`);
        // A key left out (or null) is not written, as flatc -b does: decode reads the schema's default.
        // A wrapper's or a map entry's value is always there (null too is a value of a JSON wrapper).
        const always = !nullable && (isEntry || record.wraps === true);
        if (always && !isFixedSize(inner) && inner.kind !== 'union' && !(inner.kind === 'record' && structs.has(inner))) {
          before.push(`  const o${index} = ${offsetOf(inner, x, record, method)};`);
          push(inner, `  ${add}(b, o${index});`);
        } else if (isFixedSize(inner)) {
          if (nullable) push(inner, `  if (${x} != null) { b.forceDefaults(true); ${add}(b, ${toWire(inner, x)}); b.forceDefaults(false); }`);
          else push(inner, `  if (${x} != null) ${add}(b, ${toWire(inner, x)});`);
        } else if (inner.kind === 'record' && structs.has(inner)) {
          push(inner, `  if (${x} != null) ${add}(b, ${cls(inner)}.create${inner.name}(b, ${structArgs(inner, x)}));`);
        } else if (inner.kind === 'union') {
          const encode = encodeUnion(inner);
          const branch = plan.typeKey === undefined ? '' : `, ${property('v', plan.typeKey)}`;
          before.push(`  const o${index} = ${x} == null ? 0 : ${encode}(b, ${x}${branch});`, `  const t${index} = ${x} == null ? 0 : unionType;`);
          adds.push({ size: 1, code: `  if (t${index} !== 0) ${add}Type(b, t${index});` });
          push(inner, `  if (t${index} !== 0) ${add}(b, o${index});`);
        } else {
          before.push(`  const o${index} = ${x} == null ? 0 : ${offsetOf(inner, x, record, method)};`);
          push(inner, `  if (o${index} !== 0) ${add}(b, o${index});`);
        }
      });
      const params = isEntry ? 'b, k, v' : 'b, v';
      return `function enc_${record.name}(${params}) {\n${before.join('\n')}\n  ${cls(record)}.start${record.name}(b);\n${inFlatcOrder(adds).join('\n')}\n  return ${cls(record)}.end${record.name}(b);\n}\n`;
    });

  /** The offset of a string, vector or table value `x` of a field of `owner`. */
  const offsetOf = (type: ModelType, x: string, owner: RecordType, method: string): string => {
    const vector = `${cls(owner)}.create${upperFirst(method)}Vector`;
    switch (type.kind) {
      case 'scalar':
        return type.scalar === 'bytes' ? `${vector}(b, fromBase64(${x}))` : `b.createString(${x})`;
      case 'json-text':
        return `b.createString(JSON.stringify(${x}))`;
      case 'record':
        return `${encodeTable(type)}(b, ${x})`;
      case 'list':
        return `${encodeList(type.element, owner, method)}(b, ${x})`;
      case 'map':
        return `${fns.need(`menc_${owner.name}_${method}`, () => `function menc_${owner.name}_${method}(b, x) {\n  const keys = Object.keys(x);\n  const offsets = new Array(keys.length);\n  for (let i = 0; i < keys.length; i++) offsets[i] = ${encodeTable(type.entry!)}(b, keys[i], x[keys[i]]);\n  return ${vector}(b, offsets);\n}\n`)}(b, ${x})`;
      default:
        throw new Error(`FlatBuffers glue: no offset for a ${type.kind}`);
    }
  };

  const encodeList = (element: ModelType, owner: RecordType, method: string): string =>
    fns.need(`lenc_${owner.name}_${method}`, () => {
      const name = `lenc_${owner.name}_${method}`;
      const vector = `${cls(owner)}.create${upperFirst(method)}Vector`;
      let body: string;
      if (element.kind === 'null') body = `  return ${vector}(b, new Uint8Array(x.length));`;
      else if (element.kind === 'enum' || isInt64(element)) body = `  return ${vector}(b, x.map((e) => ${toWire(element, 'e')}));`;
      else if (isFixedSize(element)) body = `  return ${vector}(b, x);`;
      else if (element.kind === 'record' && structs.has(element)) {
        body = `  ${cls(owner)}.start${upperFirst(method)}Vector(b, x.length);\n  for (let i = x.length - 1; i >= 0; i--) { const e = x[i]; ${cls(element)}.create${element.name}(b, ${structArgs(element, 'e')}); }\n  return b.endVector();`;
      } else {
        body = `  const offsets = new Array(x.length);\n  for (let i = 0; i < x.length; i++) offsets[i] = ${offsetOf(element, 'x[i]', owner, method)};\n  return ${vector}(b, offsets);`;
      }
      return `function ${name}(b, x) {\n${body}\n}\n`;
    });

  /**
   * Sets `unionType` to the branch's type number and returns the branch table's offset. A user's
   * union is told by the branch name the sample gives (`name`, its `_type` key); one of a single
   * table needs none. A translated union is told by the value's JSON kind.
   */
  const encodeUnion = (union: UnionType): string =>
    fns.need(`uenc_${union.name}`, () => {
      const byName = union.branches.some((branch) => branch.tag !== undefined);
      const cases = union.branches.map((branch, index) => {
        const test = byName ? `name === ${literal(branch.name)}${union.branches.length === 1 ? ' || name === undefined' : ''}` : kindTest(branch.accepts, 'x');
        return `  if (${test}) { const o = ${encodeTable(branch.type as RecordType)}(b, x); unionType = ${branch.tag ?? index + 1}; return o; }`;
      });
      const fail = byName
        ? `throw new TypeError('the union ${union.name} needs its member named in the key beside it (<field>_type, as in flatc\\'s JSON): one of ${union.branches.map((branch) => branch.name).join(', ')}; got ' + JSON.stringify(name));`
        : `throw new TypeError('a value of none of the union ${union.name}\\'s kinds: ' + typeof x);`;
      return `function uenc_${union.name}(b, x${byName ? ', name' : ''}) {\n${cases.join('\n')}\n  ${fail}\n}\n`;
    });

  return [
    "'use strict';",
    "const flatbuffers = require('flatbuffers');",
    `const G = require(${literal(`./${generatedModule}`)});`,
    GLUE_HELPERS,
    ...enums.map((type) => enumTables(type)),
    'let unionType = 0;',
    'const builder = new flatbuffers.Builder(1024);',
    readers(model.root as RecordType, fns, fromWire),
    `exports.encode = function encode(value) {\n  builder.clear();\n  const root = ${encodeTable(model.root as RecordType)}(builder, value);\n  builder.finish(root${translation.identifier ? `, ${literal(translation.identifier)}` : ''});\n  return builder.asUint8Array();\n};`,
    `const open = (bytes) => ${cls(model.root as RecordType)}.getRootAs${(model.root as RecordType).name}(new flatbuffers.ByteBuffer(bytes));`,
    `exports.decode = function decode(bytes) { return dec_${(model.root as RecordType).name}(open(bytes)); };`,
    `exports.access = function access(bytes) { return acc_${(model.root as RecordType).name}(open(bytes)); };`,
    firstField(model.root as RecordType),
    fns.toString(),
  ].join('\n');
}

/** dec_X (plain object) and acc_X (leaf sum) of every table and struct reachable from the root. */
function readers(root: RecordType, fns: GlueFunctions, fromWire: (type: ModelType, read: string) => string): string {
  const decode = (record: RecordType): string =>
    fns.need(`dec_${record.name}`, () => {
      const reads = plansOf(record).flatMap((plan) => [
        ...(plan.typeKey ? [[plan.typeKey, unionName(plan)] as const] : []),
        [plan.key, readField(plan, record)] as const,
      ]);
      const body = record.wraps ? reads[0]![1] : `{ ${reads.map(([key, read]) => `${literal(key)}: ${read}`).join(', ')} }`;
      return `function dec_${record.name}(t) {\n  return ${body};\n}\n`;
    });
  const access = (record: RecordType): string =>
    fns.need(`acc_${record.name}`, () => {
      const sums = plansOf(record)
        .filter((plan) => plan.type.kind !== 'null')
        .map((plan) => `  s += ${sumField(plan, record)};`);
      return `function acc_${record.name}(t) {\n  let s = 0;\n${sums.join('\n')}\n  return s;\n}\n`;
    });
  const cls = (record: RecordType) => `G.${record.name}`;

  /** The member's name a user's union writes in its `_type` key (null when absent, as the value). */
  const unionName = (plan: FieldPlan): string => {
    const union = (plan.type.kind === 'nullable' ? plan.type.inner : plan.type) as UnionType;
    const names = `{ ${union.branches.map((branch, index) => `${branch.tag ?? index + 1}: ${literal(branch.name)}`).join(', ')} }`;
    return `(${fns.need(`U_${union.name}`, () => `const U_${union.name} = ${names};\n`)}[t.${plan.method}Type()] ?? null)`;
  };

  const readField = (plan: FieldPlan, owner: RecordType, on = 't'): string => {
    const { type, method } = plan;
    if (type.kind === 'null') return 'null';
    const inner = type.kind === 'nullable' ? type.inner : type;
    const nullable = type.kind === 'nullable';
    const present = `${on}.bb.__offset(${on}.bb_pos, ${plan.vtable}) === 0 ? null : `;
    switch (inner.kind) {
      case 'scalar':
        if (inner.scalar === 'bytes') return `toBase64(${on}.${method}Array())`;
        if (isInt64(inner)) return nullable ? `toNumber(${on}.${method}())` : `fromInt64(${on}.${method}())`;
        return `${on}.${method}()`;
      case 'enum':
        return enumRead(inner, `${on}.${method}()`);
      case 'json-text':
        return `parseJson(${on}.${method}())`;
      case 'record':
        return nullable ? `(${on}.${method}() === null ? null : ${decode(inner)}(${on}.${method}()))` : `${decode(inner)}(${on}.${method}())`;
      case 'union':
        return `${fns.need(`udec_${owner.name}_${method}`, () => `function udec_${owner.name}_${method}(t) {\n  switch (t.${method}Type()) {\n${inner.branches.map((branch, index) => `    case ${branch.tag ?? index + 1}: return ${decode(branch.type as RecordType)}(t.${method}(new ${cls(branch.type as RecordType)}()));`).join('\n')}\n    default: return null;\n  }\n}\n`)}(${on})`;
      case 'list':
        return `${nullable ? present : ''}${fns.need(`ldec_${owner.name}_${method}`, () => listDecoder(owner, method, inner.element))}(${on})`;
      case 'map': {
        const entry = inner.entry!;
        const valueRead = readField(plansOf(entry)[1]!, entry, 'e');
        return `${nullable ? present : ''}${fns.need(`mdec_${owner.name}_${method}`, () => `function mdec_${owner.name}_${method}(t) {\n  const n = t.${method}Length();\n  const o = {};\n  const e = new ${cls(entry)}();\n  for (let i = 0; i < n; i++) { t.${method}(i, e); o[e.key()] = ${valueRead}; }\n  return o;\n}\n`)}(${on})`;
      }
      default:
        return 'null';
    }
  };

  const listDecoder = (owner: RecordType, method: string, element: ModelType): string => {
    const name = `ldec_${owner.name}_${method}`;
    const isRecord = element.kind === 'record';
    const read =
      element.kind === 'null'
        ? 'null'
        : isRecord
          ? `${decode(element)}(t.${method}(i, e))`
          : element.kind === 'json-text'
            ? `JSON.parse(t.${method}(i))`
            : fromWire(element, `t.${method}(i)`);
    return `function ${name}(t) {\n  const n = t.${method}Length();\n  const a = new Array(n);\n${isRecord ? `  const e = new ${cls(element)}();\n` : ''}  for (let i = 0; i < n; i++) a[i] = ${read};\n  return a;\n}\n`;
  };

  const sumField = (plan: FieldPlan, owner: RecordType, on = 't'): string => {
    const { type, method } = plan;
    const inner = type.kind === 'nullable' ? type.inner : type;
    switch (inner.kind) {
      case 'scalar':
        if (inner.scalar === 'bytes') return `sinkBytes(${on}.${method}Array())`;
        if (inner.scalar === 'string') return `sinkText(${on}.${method}())`;
        return isInt64(inner) ? `sinkBig(${on}.${method}())` : `${on}.${method}()`;
      case 'enum':
        return `${on}.${method}()`;
      case 'json-text':
        return `sinkText(${on}.${method}())`;
      case 'record':
        return `(${on}.${method}() === null ? 0 : ${access(inner)}(${on}.${method}()))`;
      case 'union':
        return `${on}.${method}Type() + ${fns.need(`uacc_${owner.name}_${method}`, () => `function uacc_${owner.name}_${method}(t) {\n  switch (t.${method}Type()) {\n${inner.branches.map((branch, index) => `    case ${branch.tag ?? index + 1}: return ${access(branch.type as RecordType)}(t.${method}(new ${cls(branch.type as RecordType)}()));`).join('\n')}\n    default: return 0;\n  }\n}\n`)}(${on})`;
      case 'list': {
        const element = inner.element;
        const leaf =
          element.kind === 'record'
            ? `${access(element)}(t.${method}(i, e))`
            : element.kind === 'null'
              ? '0'
              : (element.kind === 'scalar' && element.scalar === 'string') || element.kind === 'json-text'
                ? `t.${method}(i).length`
                : isInt64(element)
                  ? `sinkBig(t.${method}(i))`
                  : `t.${method}(i)`;
        return `${fns.need(`lacc_${owner.name}_${method}`, () => `function lacc_${owner.name}_${method}(t) {\n  const n = t.${method}Length();\n  let s = n;\n${element.kind === 'record' ? `  const e = new ${cls(element)}();\n` : ''}  for (let i = 0; i < n; i++) s += ${leaf};\n  return s;\n}\n`)}(${on})`;
      }
      case 'map': {
        const entry = inner.entry!;
        const valueSum = sumField(plansOf(entry)[1]!, entry, 'e');
        return `${fns.need(`macc_${owner.name}_${method}`, () => `function macc_${owner.name}_${method}(t) {\n  const n = t.${method}Length();\n  let s = n;\n  const e = new ${cls(entry)}();\n  for (let i = 0; i < n; i++) { t.${method}(i, e); s += e.key().length + ${valueSum}; }\n  return s;\n}\n`)}(${on})`;
      }
      default:
        return '0';
    }
  };

  decode(root);
  access(root);
  return '';
}

/** One path from the root: first field, first element, first entry, down to a leaf (or a union's type). */
function firstField(root: RecordType): string {
  const lines: string[] = ['  let t = open(bytes);'];
  let path = '$';
  let record = root;
  for (let depth = 0; depth < 64; depth++) {
    const plan = plansOf(record).find((candidate) => candidate.type.kind !== 'null');
    if (!plan) break;
    if (!record.wraps) path += pathStep(plan.key);
    const type = plan.type.kind === 'nullable' ? plan.type.inner : plan.type;
    if (type.kind === 'record') {
      lines.push(`  t = t.${plan.method}();`, '  if (t === null) return null;');
      record = type;
      continue;
    }
    if (type.kind === 'union') return finish(lines, `t.${plan.method}Type()`, `${path} (union type)`);
    if (type.kind === 'list' || type.kind === 'map') {
      lines.push(`  if (t.${plan.method}Length() === 0) return undefined;`);
      path += type.kind === 'list' ? '[0]' : '[first key]';
      const element = type.kind === 'list' ? type.element : type.entry!;
      if (element.kind === 'record') {
        lines.push(`  t = t.${plan.method}(0);`);
        record = element;
        continue;
      }
      return finish(lines, `t.${plan.method}(0)`, path);
    }
    if (type.kind === 'scalar' && type.scalar === 'bytes') return finish(lines, `t.${plan.method}Array()`, path);
    return finish(lines, `t.${plan.method}()`, path);
  }
  return finish(lines, 't', path);
}

function finish(lines: string[], read: string, path: string): string {
  return `exports.firstFieldPath = ${literal(path)};\nexports.firstField = function firstField(bytes) {\n${lines.join('\n')}\n  return ${read};\n};`;
}
