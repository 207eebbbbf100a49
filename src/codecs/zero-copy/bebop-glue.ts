/**
 * The glue for bebopc's TypeScript (see glue-source.ts). Bebop decodes eagerly into objects,
 * so encode is the generated `Root.encode(record)` and decode `Root.decode(bytes)`; the glue
 * converts only where Bebop's objects differ from the JSON: 64-bit integers (BigInt), enums
 * (numbers), bytes (Uint8Array), maps (Map), unions (`{tag, value}`), wrapper records, null
 * (an absent message field) and field names bebopc camel-cases. Where nothing differs (the
 * tuples) the sample goes to `encode` as it is, and `decode`'s object comes back as Bebop
 * builds it, `encode` method included: that is what its users hold.
 */
import type { BebopTranslation } from '../../schema/translate/to-bop';
import { bebopFieldNames } from '../../schema/translate/identifiers';
import type { EnumType, ModelField, ModelType, RecordType } from '../../schema/translate/model';
import { enumRead, enumTables, enumWrite, GLUE_HELPERS, GlueFunctions, literal, property, typeKey, kindTest } from './glue-source';

const isInt64 = (type: ModelType) => type.kind === 'scalar' && (type.scalar === 'int64' || type.scalar === 'uint64');

export function bebopGlue(translation: BebopTranslation, generatedModule: string): string {
  const { model, messages } = translation;
  const root = model.root as RecordType;
  const fns = new GlueFunctions();
  const enums = model.named.filter((type): type is EnumType => type.kind === 'enum');
  const converts = conversionNeeds(messages);

  /** The Bebop value of JSON value `x`. */
  const toBebop = (type: ModelType, x: string): string => {
    if (!converts(type)) return x;
    switch (type.kind) {
      case 'scalar':
        return type.scalar === 'bytes' ? `fromBase64(${x})` : `BigInt(${x})`;
      case 'enum':
        return enumWrite(type, x);
      case 'json-text':
        return `JSON.stringify(${x})`;
      case 'nullable':
        return `(${x} == null ? undefined : ${toBebop(type.inner, x)})`;
      case 'list':
        if (type.element.kind === 'null') return `new Uint8Array(${x}.length)`;
        return `${fns.need(`lto_${typeKey(type.element)}`, () => `function lto_${typeKey(type.element)}(x) {\n  const a = new Array(x.length);\n  for (let i = 0; i < x.length; i++) a[i] = ${toBebop(type.element, 'x[i]')};\n  return a;\n}\n`)}(${x})`;
      case 'map':
        return `${fns.need(`mto_${typeKey(type.values)}`, () => `function mto_${typeKey(type.values)}(x) {\n  const m = new Map();\n  for (const k of Object.keys(x)) m.set(k, ${toBebop(type.values, 'x[k]')});\n  return m;\n}\n`)}(${x})`;
      case 'record':
        return `${recordTo(type)}(${x})`;
      case 'union':
        return `${fns.need(`uto_${type.name}`, () => {
          const cases = type.branches.map((branch, index) => {
            const test = kindTest(branch.accepts, 'x');
            return `  if (${test}) return { tag: ${index + 1}, value: ${toBebop(branch.type, 'x')} };`;
          });
          return `function uto_${type.name}(x) {\n${cases.join('\n')}\n  throw new TypeError('a value of none of the union ${type.name}\\'s kinds: ' + typeof x);\n}\n`;
        })}(${x})`;
      default:
        return x;
    }
  };

  const recordTo = (record: RecordType): string =>
    fns.need(`rto_${record.name}`, () => {
      const names = bebopFieldNames(record);
      // A key left out is written as the schema's default: a struct has no absent fields, and a
      // message's absent one would read back as undefined, which no JSON value is.
      const valueOf = (field: ModelField) => {
        const x = record.wraps ? 'v' : property('v', field.key);
        return field.default === undefined ? x : `(${x} ?? ${JSON.stringify(field.default)})`;
      };
      const entries = record.fields.flatMap((field, index) => (field.type.kind === 'null' ? [] : [`${names[index]}: ${toBebop(field.type, valueOf(field))}`]));
      return `function rto_${record.name}(v) {\n  return { ${entries.join(', ')} };\n}\n`;
    });

  /** The JSON value of Bebop value `x`. */
  const fromBebop = (type: ModelType, x: string): string => {
    if (!converts(type)) return x;
    switch (type.kind) {
      case 'scalar':
        return type.scalar === 'bytes' ? `toBase64(${x})` : `fromInt64(${x})`;
      case 'enum':
        return enumRead(type, x);
      case 'json-text':
        return `JSON.parse(${x})`;
      case 'nullable':
        return `(${x} === undefined ? null : ${fromBebop(type.inner, x)})`;
      case 'list':
        if (type.element.kind === 'null') return `new Array(${x}.length).fill(null)`;
        return `${fns.need(`lfrom_${typeKey(type.element)}`, () => `function lfrom_${typeKey(type.element)}(x) {\n  const a = new Array(x.length);\n  for (let i = 0; i < x.length; i++) a[i] = ${fromBebop(type.element, 'x[i]')};\n  return a;\n}\n`)}(${x})`;
      case 'map':
        return `${fns.need(`mfrom_${typeKey(type.values)}`, () => `function mfrom_${typeKey(type.values)}(m) {\n  const o = {};\n  for (const [k, v] of m) o[k] = ${fromBebop(type.values, 'v')};\n  return o;\n}\n`)}(${x})`;
      case 'record':
        return `${recordFrom(type)}(${x})`;
      case 'union':
        return `${fns.need(`ufrom_${type.name}`, () => {
          const cases = type.branches.map((branch, index) => `    case ${index + 1}: return ${fromBebop(branch.type, 'u.value')};`);
          return `function ufrom_${type.name}(u) {\n  switch (u.tag) {\n${cases.join('\n')}\n    default: return null;\n  }\n}\n`;
        })}(${x})`;
      default:
        return x;
    }
  };

  const recordFrom = (record: RecordType): string =>
    fns.need(`rfrom_${record.name}`, () => {
      const names = bebopFieldNames(record);
      const reads = record.fields.map(
        (field, index) => [field.key, field.type.kind === 'null' ? 'null' : fromBebop(field.type, property('r', names[index]!))] as const,
      );
      const body = record.wraps ? reads[0]![1] : `{ ${reads.map(([key, read]) => `${literal(key)}: ${read}`).join(', ')} }`;
      return `function rfrom_${record.name}(r) {\n  return ${body};\n}\n`;
    });

  const rootConverts = converts(root);
  return [
    "'use strict';",
    `const G = require(${literal(`./${generatedModule}`)});`,
    GLUE_HELPERS,
    // Bebop enums are written from 1 (to-bop.ts), so position 0 maps to nothing.
    ...enums.map((type) => enumTables(type, 1)),
    `exports.encode = function encode(value) { return G.${root.name}.encode(${rootConverts ? toBebop(root, 'value') : 'value'}); };`,
    `exports.decode = function decode(bytes) { return ${rootConverts ? fromBebop(root, `G.${root.name}.decode(bytes)`) : `G.${root.name}.decode(bytes)`}; };`,
    fns.toString(),
  ].join('\n');
}

/**
 * Whether a type's Bebop value differs from its JSON value. A record does when a field does,
 * when it has a nullable or always-null field (absent in Bebop, null in JSON), when it wraps a
 * value, or when bebopc's names are not the JSON keys. Recursive records convert (the free-form
 * JSON record, the only recursion an inferred schema has, wraps a union anyway).
 */
function conversionNeeds(messages: Set<RecordType>): (type: ModelType) => boolean {
  const memo = new Map<ModelType, boolean>();
  const needs = (type: ModelType): boolean => {
    const known = memo.get(type);
    if (known !== undefined) return known;
    memo.set(type, true);
    const answer = compute(type);
    memo.set(type, answer);
    return answer;
  };
  const compute = (type: ModelType): boolean => {
    switch (type.kind) {
      case 'scalar':
        return type.scalar === 'bytes' || isInt64(type);
      case 'enum':
      case 'json-text':
      case 'map':
      case 'union':
      case 'nullable':
        return true;
      case 'list':
        return type.element.kind === 'null' || needs(type.element);
      case 'record': {
        if (type.wraps || messages.has(type)) return true;
        const names = bebopFieldNames(type);
        return type.fields.some((field, index) => field.key !== names[index] || field.default !== undefined || needs(field.type));
      }
      case 'null':
        return true;
    }
  };
  return needs;
}
