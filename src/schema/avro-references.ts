/**
 * Avro named types defined in other files. A schema may name a record, enum or fixed that
 * another `.avsc` of its folder (or another `--avsc`) defines; the first use of each such name
 * gets the definition inlined, so everything after loading (avsc, derivation, generation) sees
 * one self-contained schema. Pure JSON work: no avsc, so the extension host can collect files.
 */
import * as path from 'node:path';

type Json = Record<string, unknown>;

const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);
const NAMED = new Set(['record', 'error', 'enum', 'fixed']);
/** Files read from one folder, at most: a folder of thousands of schemas is not one schema's. */
const MAX_FOLDER_FILES = 200;

export interface NamedDefinition {
  fullName: string;
  schema: Json;
  /** The file that defines it. */
  file: string;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fullNameOf(schema: Json, namespace: string): string {
  const name = String(schema['name']);
  const own = typeof schema['namespace'] === 'string' ? schema['namespace'] : namespace;
  return name.includes('.') || own === '' ? name : `${own}.${name}`;
}

function namespaceOf(fullName: string): string {
  return fullName.includes('.') ? fullName.slice(0, fullName.lastIndexOf('.')) : '';
}

/** Walks a schema: each named definition and each reference by name, with its namespace. */
function walk(
  node: unknown,
  namespace: string,
  visit: { defined(fullName: string, schema: Json): void; referenced(name: string, namespace: string): void },
): void {
  if (typeof node === 'string') {
    if (!PRIMITIVES.has(node)) visit.referenced(node, namespace);
    return;
  }
  if (Array.isArray(node)) {
    for (const branch of node) walk(branch, namespace, visit);
    return;
  }
  if (!isObject(node)) return;
  const type = node['type'];
  if (typeof type === 'string' && NAMED.has(type) && typeof node['name'] === 'string') {
    const fullName = fullNameOf(node, namespace);
    visit.defined(fullName, node);
    if (Array.isArray(node['fields'])) for (const field of node['fields']) if (isObject(field)) walk(field['type'], namespaceOf(fullName), visit);
    return;
  }
  if (type === 'array') walk(node['items'], namespace, visit);
  else if (type === 'map') walk(node['values'], namespace, visit);
  else walk(type, namespace, visit);
}

/** The named types a schema (or an Avro protocol's `types`) defines. */
export function definitionsOf(schema: unknown, file: string): NamedDefinition[] {
  const found: NamedDefinition[] = [];
  const roots = isObject(schema) && Array.isArray(schema['types']) ? (schema['types'] as unknown[]) : [schema];
  const namespace = isObject(schema) && typeof schema['namespace'] === 'string' && Array.isArray(schema['types']) ? schema['namespace'] : '';
  for (const root of roots) walk(root, namespace, { defined: (fullName, node) => found.push({ fullName, schema: node, file }), referenced: () => undefined });
  return found;
}

/** Names a schema uses without defining them (in order of first use), as full names where it can tell. */
export function undefinedNamesOf(schema: unknown): string[] {
  const defined = new Set<string>();
  const missing: string[] = [];
  walk(schema, '', {
    defined: (fullName) => defined.add(fullName),
    referenced: (name, namespace) => {
      const full = name.includes('.') || namespace === '' ? name : `${namespace}.${name}`;
      if (!defined.has(full) && !defined.has(name) && !missing.includes(full)) missing.push(full);
    },
  });
  return missing;
}

/**
 * Inlines, at its first use, each named type the schema refers to and `definitions` define.
 * Names stay unresolved where no definition is given (avsc then names them).
 */
export function inlineReferences(schema: unknown, definitions: readonly NamedDefinition[]): unknown {
  const byName = new Map<string, NamedDefinition>();
  for (const definition of definitions) {
    byName.set(definition.fullName, definition);
    const short = definition.fullName.slice(definition.fullName.lastIndexOf('.') + 1);
    if (!byName.has(short)) byName.set(short, definition);
  }
  const defined = new Set<string>();
  const visit = (node: unknown, namespace: string): unknown => {
    if (typeof node === 'string') {
      if (PRIMITIVES.has(node)) return node;
      const full = node.includes('.') || namespace === '' ? node : `${namespace}.${node}`;
      if (defined.has(full) || defined.has(node)) return node;
      const definition = byName.get(full) ?? byName.get(node);
      if (!definition || defined.has(definition.fullName)) return definition ? definition.fullName : node;
      // Written with its full name, so the inlined copy keeps its own namespace wherever it lands.
      const { namespace: _dropped, ...rest } = definition.schema;
      return visit({ ...rest, name: definition.fullName }, namespace);
    }
    if (Array.isArray(node)) return node.map((branch) => visit(branch, namespace));
    if (!isObject(node)) return node;
    const type = node['type'];
    if (typeof type === 'string' && NAMED.has(type) && typeof node['name'] === 'string') {
      const fullName = fullNameOf(node, namespace);
      defined.add(fullName);
      if (!Array.isArray(node['fields'])) return node;
      const inner = namespaceOf(fullName);
      return { ...node, fields: node['fields'].map((field: unknown) => (isObject(field) ? { ...field, type: visit(field['type'], inner) } : field)) };
    }
    if (type === 'array') return { ...node, items: visit(node['items'], namespace) };
    if (type === 'map') return { ...node, values: visit(node['values'], namespace) };
    if (typeof type === 'object') return { ...node, type: visit(type, namespace) };
    if (typeof type === 'string' && !PRIMITIVES.has(type) && !NAMED.has(type) && type !== 'array' && type !== 'map')
      return { ...node, type: visit(type, namespace) };
    return node;
  };
  return visit(schema, '');
}

/** Reads a file's text, or undefined when there is none. */
export type ReadText = (filePath: string) => Promise<string | undefined>;

/**
 * The other files a schema needs, by path → text: the given ones (`--avsc` after the first),
 * then the `.avsc` / `.avpr` files of its folder that define a name it (or an added file) uses
 * and does not define. Files that are not JSON are passed over: they are not this schema's.
 */
export async function collectAvroReferences(
  mainPath: string,
  mainText: string,
  given: readonly string[],
  folderFiles: readonly string[],
  read: ReadText,
): Promise<Record<string, string>> {
  const chosen: Record<string, string> = {};
  const main = safeParse(mainText);
  if (main === undefined) return chosen; // the loader reports the syntax error
  /** The schema and every file added so far, parsed. */
  const schemas: unknown[] = [main];
  const add = async (file: string, text?: string) => {
    const content = text ?? (await read(file));
    if (content === undefined) return;
    chosen[file] = content;
    schemas.push(safeParse(content));
  };
  for (const file of given) await add(file);
  const candidates = folderFiles
    .filter((file) => /\.(avsc|avpr)$/i.test(file) && path.resolve(file) !== path.resolve(mainPath) && !(file in chosen))
    .slice(0, MAX_FOLDER_FILES);
  const candidateTexts = new Map<string, string | undefined>();
  // Each round adds the files defining what is still missing; their own references come next round.
  for (let round = 0; round < candidates.length; round++) {
    const defined = new Set(schemas.flatMap((schema) => definitionsOf(schema, '').map((definition) => definition.fullName)));
    const shortName = (name: string) => name.slice(name.lastIndexOf('.') + 1);
    const wanted = schemas.flatMap(undefinedNamesOf).filter((name) => !defined.has(name) && !defined.has(shortName(name)));
    if (wanted.length === 0) break;
    let added = false;
    for (const file of candidates) {
      if (file in chosen) continue;
      if (!candidateTexts.has(file)) candidateTexts.set(file, await read(file));
      const text = candidateTexts.get(file);
      const names = text === undefined ? [] : definitionsOf(safeParse(text), file).map((definition) => definition.fullName);
      if (names.some((name) => wanted.includes(name) || wanted.some((want) => !want.includes('.') && name.endsWith(`.${want}`)))) {
        await add(file, text);
        added = true;
      }
    }
    if (!added) break;
  }
  return chosen;
}

/** The JSON of a text, or undefined when it is not JSON (not a schema of this folder). */
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
