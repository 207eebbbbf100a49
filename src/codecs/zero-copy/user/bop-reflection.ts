/**
 * The schema model of a user's .bop, read from what bebopc generated for it: the binary schema
 * it embeds (`BEBOP_SCHEMA`, read with the bebop runtime's BinarySchema: bebopc's own
 * understanding of the schema) and the property names of its TypeScript interfaces (bebopc
 * camel-cases field names; the JSON keeps the schema's). Structs' fields are always there;
 * messages' may be absent, which JSON says with null. The root is the record `rootType` names,
 * else the last one no other record refers to.
 */
import { BinarySchema } from 'bebop';
import { UntranslatableSchemaError } from '../../../schema/translate/model-from-avro';
import { jsonKindOf, type EnumType, type ModelType, type RecordType, type ScalarKind, type SchemaModel, type UnionType } from '../../../schema/translate/model';

interface FieldAst {
  name: string;
  typeId: number;
  fieldProperties: { type: 'scalar' | 'array' | 'map'; memberTypeId?: number; depth?: number; keyTypeId?: number; valueTypeId?: number; nestedType?: unknown };
}
interface DefinitionAst {
  index: number;
  name: string;
  kind: 1 | 2 | 3 | 4;
  fields?: Record<string, FieldAst>;
  branches?: Array<{ discriminator: number; typeId: number }>;
  members?: Record<string, { name: string; value: number | bigint }>;
}

const SCALARS: Record<number, ScalarKind> = {
  [-1]: 'bool',
  [-2]: 'uint8',
  [-3]: 'uint16',
  [-4]: 'int16',
  [-5]: 'uint32',
  [-6]: 'int32',
  [-7]: 'uint64',
  [-8]: 'int64',
  [-9]: 'float32',
  [-10]: 'float64',
  [-11]: 'string',
};
const BYTE = -2;
const STRUCT = 1;
const MESSAGE = 2;
const UNION = 3;

function definitionsOf(generatedTypeScript: string): DefinitionAst[] {
  const bytes = /BEBOP_SCHEMA = new Uint8Array \(\[([\s\S]*?)\]\)/.exec(generatedTypeScript)?.[1];
  if (bytes === undefined) throw new UntranslatableSchemaError('bebopc wrote no BEBOP_SCHEMA: the generated code is not of bebopc 3');
  const schema = new BinarySchema(new Uint8Array(bytes.split(',').map((value) => Number(value.trim()))));
  try {
    schema.get();
  } catch (error) {
    // The bundled runtime's reader, not the schema, fails here (it does on nested maps, for one).
    throw new UntranslatableSchemaError(
      `the bebop runtime cannot read the schema bebopc embedded in its code (BinarySchema: ${(error as Error).message}), and Payload Lab reads the schema through it`,
    );
  }
  return Object.values(schema.ast.definitions) as unknown as DefinitionAst[];
}

/** The structs and messages a root may be (for the editor's pick), and the one taken when none is named. */
export function bebopRootChoices(generatedTypeScript: string): { names: string[]; defaultName?: string } {
  const { records, unreferenced } = rootCandidates(definitionsOf(generatedTypeScript));
  return { names: records.map((definition) => definition.name), ...(unreferenced ? { defaultName: unreferenced.name } : {}) };
}

export function modelFromBebopCode(generatedTypeScript: string, rootType?: string): { model: SchemaModel; messages: Set<RecordType> } {
  const definitions = definitionsOf(generatedTypeScript);
  const byIndex = new Map(definitions.map((definition) => [definition.index, definition]));
  const named: SchemaModel['named'] = [];
  const made = new Map<number, RecordType | UnionType | EnumType>();
  const messages = new Set<RecordType>();

  const definitionType = (index: number, where: string): RecordType | UnionType | EnumType => {
    const known = made.get(index);
    if (known) return known;
    const definition = byIndex.get(index)!;
    if (definition.kind === UNION) {
      const union: UnionType = { kind: 'union', name: definition.name, branches: [] };
      made.set(index, union);
      named.push(union);
      union.branches = definition.branches!.map((branch) => {
        const type = definitionType(branch.typeId, where);
        const accepts = jsonKindOf(type);
        if (!accepts || union.branches.some((other) => other.accepts === accepts))
          throw new UntranslatableSchemaError(`${where}: the union ${definition.name}, whose branches a JSON value cannot tell apart (each is an object)`);
        return { name: `branch${branch.discriminator}`, type, accepts };
      });
      return union;
    }
    if (definition.kind === STRUCT || definition.kind === MESSAGE) {
      const record: RecordType = { kind: 'record', name: definition.name, fields: [] };
      made.set(index, record);
      named.push(record);
      if (definition.kind === MESSAGE) messages.add(record);
      const properties = interfaceProperties(generatedTypeScript, definition.name);
      record.fields = Object.values(definition.fields ?? {}).map((field, position) => {
        const type = fieldType(field, `${where}.${field.name}`);
        return { key: field.name, name: properties[position] ?? field.name, type: definition.kind === MESSAGE ? { kind: 'nullable', inner: type } : type };
      });
      return record;
    }
    const members = Object.values(definition.members ?? {});
    // A 64-bit enum's members are BigInts (bebopc's TypeScript too): kept exact, not rounded to a number.
    const wide = members.some((member) => typeof member.value === 'bigint');
    const type: EnumType = {
      kind: 'enum',
      name: definition.name,
      symbols: members.map((member) => member.name),
      values: members.map((member) => (wide ? BigInt(member.value) : Number(member.value))),
    };
    if (wide) type.wide = true;
    made.set(index, type);
    named.push(type);
    return type;
  };

  const typeOf = (typeId: number, where: string): ModelType => {
    if (typeId >= 0) return definitionType(typeId, where);
    const scalar = SCALARS[typeId];
    if (!scalar) throw new UntranslatableSchemaError(`${where}: a guid or date, which a JSON sample holds in no one way`);
    return { kind: 'scalar', scalar };
  };

  const fieldType = (field: FieldAst, where: string): ModelType => {
    const properties = field.fieldProperties;
    if (properties.type === 'scalar') return typeOf(field.typeId, where);
    if (properties.type === 'array') {
      // byte[] is a Uint8Array in Bebop: base64 text in the JSON, as bytes are elsewhere.
      if (properties.memberTypeId === BYTE && !properties.depth) return { kind: 'scalar', scalar: 'bytes' };
      let type = typeOf(properties.memberTypeId!, `${where}[*]`);
      for (let depth = 0; depth <= (properties.depth ?? 0); depth++) type = { kind: 'list', element: type };
      return type;
    }
    if (properties.keyTypeId !== -11 || properties.nestedType !== undefined)
      throw new UntranslatableSchemaError(`${where}: a map with keys other than strings, or of arrays or maps`);
    return { kind: 'map', values: typeOf(properties.valueTypeId!, `${where}.*`) };
  };

  const root = chooseRoot(definitions, rootType);
  const model = definitionType(root.index, '$') as RecordType;
  return { model: { root: model, named, notes: [] }, messages };
}

/** The property names of bebopc's `export interface Name { … }`, in order. */
function interfaceProperties(code: string, name: string): string[] {
  const body = new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(code)?.[1] ?? '';
  return [...body.matchAll(/^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\??:/gm)].map((match) => match[1]!);
}

function chooseRoot(definitions: DefinitionAst[], rootType: string | undefined): DefinitionAst {
  const { records, unreferenced } = rootCandidates(definitions);
  if (rootType !== undefined) {
    const named = records.find((definition) => definition.name === rootType);
    if (!named)
      throw new UntranslatableSchemaError(
        `no struct or message '${rootType}' in the schema (it declares: ${records.map((definition) => definition.name).join(', ')})`,
      );
    return named;
  }
  if (!unreferenced) throw new UntranslatableSchemaError('the schema declares no struct or message that no other refers to: name the root');
  return unreferenced;
}

/** Every struct and message, and the last one no other definition refers to. */
function rootCandidates(definitions: DefinitionAst[]): { records: DefinitionAst[]; unreferenced: DefinitionAst | undefined } {
  const records = definitions.filter((definition) => definition.kind === STRUCT || definition.kind === MESSAGE);
  const referenced = new Set<number>();
  for (const definition of definitions) {
    for (const field of Object.values(definition.fields ?? {})) {
      for (const id of [field.typeId, field.fieldProperties.memberTypeId, field.fieldProperties.valueTypeId])
        if (id !== undefined && id >= 0) referenced.add(id);
    }
    for (const branch of definition.branches ?? []) referenced.add(branch.typeId);
  }
  return { records, unreferenced: records.filter((definition) => !referenced.has(definition.index)).at(-1) };
}
