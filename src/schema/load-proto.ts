/**
 * Loads a `.proto` file with protobufjs: the message types it declares, the one to encode by
 * default, and any error with a line and a column (for the CLI's file:line:column and for
 * editor diagnostics), never as a throw. Field names stay as written (`keepCase`), so JSON
 * sample keys are the .proto's field names.
 *
 * protobufjs says "(line N)" for syntax errors but gives no column, and nothing at all for
 * errors found while resolving types; those are found in the text by the name they quote.
 */
import * as protobuf from 'protobufjs';
import { lineAndColumn } from '../input/locate-json-error';
import { bundledProto, withBundledImports } from './bundled-protos';
import { lineStartOffset } from './schema-problem';
import type { SchemaProblem } from '../shared/schema-problem';

export interface LoadedProto {
  ok: true;
  root: protobuf.Root;
  /** Every message type, fully qualified without the leading dot (`pkg.Outer.Inner`), in file order. */
  messageTypes: string[];
  /** The message no other message refers to (the last such top-level one if several). */
  defaultType: string;
}

export type ProtoLoad = LoadedProto | { ok: false; error: SchemaProblem; /** The imported file at fault, when not the main one. */ path?: string };

export interface ProtoFiles {
  /** The main file's path: its types are the ones offered (imported ones are only used). */
  path?: string;
  /** Imported files by path → text (see `ProvidedSchema.imports`). */
  imports?: Readonly<Record<string, string>>;
}

/**
 * Parses the main file and its imports into one root; Google's well-known types come from
 * protobufjs. An error is located in the file it comes from.
 */
export function loadProtoSchema(text: string, files: ProtoFiles = {}): ProtoLoad {
  const mainPath = files.path ?? 'schema.proto';
  const root = new protobuf.Root();
  const texts = new Map<string, string>([[mainPath, text], ...Object.entries(files.imports ?? {})]);
  const bundled = new Set<string>();
  let mainImports: string[] = [];
  for (const [filePath, fileText] of texts) {
    let parsed: protobuf.IParserResult;
    try {
      parsed = protobuf.parse(fileText, root, { keepCase: true });
    } catch (error) {
      return failure(fileText, error, filePath === mainPath ? undefined : filePath, []);
    }
    stampFile(root, filePath);
    const imports = [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])];
    if (filePath === mainPath) mainImports = imports;
    for (const name of imports) if (bundledProto(name)) bundled.add(name);
  }
  for (const name of withBundledImports(bundled)) {
    addMissing(root, bundledProto(name)!.nested ?? {});
    stampFile(root, name);
  }
  try {
    root.resolveAll();
  } catch (error) {
    const culprit = fileDeclaring(texts, error);
    // Imports that were never read (a caller that resolves none) explain most missing types.
    const unread = files.imports === undefined ? mainImports.filter((name) => !bundledProto(name)) : [];
    return failure(texts.get(culprit) ?? text, error, culprit === mainPath ? undefined : culprit, unread);
  }
  const types = allMessageTypes(root).filter((type) => fileOf(type) === mainPath);
  if (types.length === 0) return { ok: false, error: { message: 'the file declares no message type', line: 1, column: 1 } };
  return { ok: true, root, messageTypes: types.map(qualifiedName), defaultType: qualifiedName(defaultMessageType(types)) };
}

/**
 * Adds the definitions a namespace lacks. The bundled JSON files carry what they import
 * (api.json holds type.proto's types too), so two of them may define the same message.
 */
function addMissing(namespace: protobuf.NamespaceBase, nested: Record<string, protobuf.AnyNestedObject>): void {
  for (const [name, json] of Object.entries(nested)) {
    const existing = namespace.get(name);
    if (!existing) namespace.addJSON({ [name]: json });
    else if (existing instanceof protobuf.Namespace && 'nested' in json && json.nested) addMissing(existing, json.nested);
  }
}

/** The file each parsed object came from: protobufjs keeps no file per type when parsing text. */
const fileOfObject = new WeakMap<protobuf.ReflectionObject, string>();

/** Marks every object parsed so far without a file as `filePath`'s. */
function stampFile(namespace: protobuf.NamespaceBase, filePath: string): void {
  for (const nested of namespace.nestedArray) {
    if (!fileOfObject.has(nested)) fileOfObject.set(nested, filePath);
    if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) stampFile(nested, filePath);
  }
}

function fileOf(object: protobuf.ReflectionObject): string | undefined {
  return fileOfObject.get(object);
}

/** The file whose text declares the message a resolve error names (`in Type .pkg.Order`). */
function fileDeclaring(texts: ReadonlyMap<string, string>, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const inType = /in Type \.?([\w.]+)/.exec(message)?.[1]?.split('.').at(-1);
  const missing = /no such (?:Type or Enum|type) '([\w.]+)'/.exec(message)?.[1];
  const entries = [...texts];
  const declares = (fileText: string) => (inType ? new RegExp(`\\bmessage\\s+${inType}\\b`).test(fileText) : true) && (!missing || fileText.includes(missing));
  return (entries.find(([, fileText]) => declares(fileText)) ?? entries[0]!)[0];
}

function failure(text: string, error: unknown, path: string | undefined, unresolvedImports: readonly string[]): ProtoLoad {
  const message = error instanceof Error ? error.message : String(error);
  const hint =
    unresolvedImports.length > 0 && /no such/.test(message)
      ? ` (imports were not read: ${unresolvedImports.join(', ')}; give their folder with payloadLab.protoIncludePaths or -I DIR)`
      : '';
  // The position goes into line and column; "(line N)" would repeat it.
  const reason = message.replace(/ \((?:[^()]*, )?line \d+\)$/, '');
  return { ok: false, error: { message: `${reason}${hint}`, ...locateProtoError(text, message) }, ...(path ? { path } : {}) };
}

/**
 * The message type called `name`: a full name (`pkg.Items`) or, when it is unambiguous, a
 * short one (`Items`). Returns a problem naming the types there are otherwise.
 */
export function findMessageType(loaded: LoadedProto, name: string): protobuf.Type | { problem: string } {
  const wanted = name.replace(/^\./, '');
  const exact = loaded.messageTypes.find((candidate) => candidate === wanted);
  const matches = exact ? [exact] : loaded.messageTypes.filter((candidate) => candidate.endsWith(`.${wanted}`));
  if (matches.length === 1) return loaded.root.lookupType(matches[0]!);
  const known = loaded.messageTypes.join(', ');
  return matches.length === 0
    ? { problem: `no message type '${name}' in the file (it declares: ${known})` }
    : { problem: `'${name}' is ambiguous: ${matches.join(', ')}` };
}

export function qualifiedName(type: protobuf.ReflectionObject): string {
  return type.fullName.replace(/^\./, '');
}

function allMessageTypes(namespace: protobuf.NamespaceBase): protobuf.Type[] {
  const found: protobuf.Type[] = [];
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Type) found.push(nested);
    if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) found.push(...allMessageTypes(nested));
  }
  return found;
}

/** Unreferenced messages are roots (`Items` holds `Item`); among several, the last top-level one. */
function defaultMessageType(types: readonly protobuf.Type[]): protobuf.Type {
  const referenced = new Set<protobuf.Type>();
  for (const type of types) {
    for (const field of type.fieldsArray) {
      const target = field.resolvedType;
      if (target instanceof protobuf.Type && target !== type) referenced.add(target);
    }
  }
  const roots = types.filter((type) => !referenced.has(type));
  const candidates = roots.length > 0 ? roots : types;
  const topLevel = candidates.filter((type) => !(type.parent instanceof protobuf.Type));
  return (topLevel.length > 0 ? topLevel : candidates).at(-1)!;
}

/** Line and column of a protobufjs error: its "(line N)" and quoted token, or the name it quotes. */
function locateProtoError(text: string, message: string): { line: number; column: number } {
  const lineMatch = /\(line (\d+)\)/.exec(message);
  if (lineMatch) {
    const line = Number(lineMatch[1]);
    if (/illegal end of input/.test(message)) return lineAndColumn(text, text.trimEnd().length);
    const start = lineStartOffset(text, line);
    const end = text.indexOf('\n', start);
    const lineText = text.slice(start, end === -1 ? text.length : end);
    const token = /'([^']*)'/.exec(message)?.[1];
    const at = token ? lineText.indexOf(token) : -1;
    return { line, column: at === -1 ? lineText.search(/\S|$/) + 1 : at + 1 };
  }
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const inType = /in Type \.?([\w.]+)/.exec(message)?.[1]?.split('.').at(-1);
  const from = inType ? Math.max(0, text.search(new RegExp(`\\bmessage\\s+${escape(inType)}\\b`))) : 0;
  const nth = (pattern: RegExp, index: number): number | undefined => {
    const flags = new RegExp(pattern.source, 'g');
    flags.lastIndex = from;
    let match: RegExpExecArray | null;
    let count = 0;
    while ((match = flags.exec(text)) !== null) {
      if (count++ === index) return match.index + (match[0].length - match[0].trimStart().length);
    }
    return undefined;
  };
  let offset: number | undefined;
  const missing = /no such (?:Type or Enum|type) '([\w.]+)'/.exec(message)?.[1];
  const duplicateName = /duplicate name '(\w+)'/.exec(message)?.[1];
  const duplicateId = /duplicate id (\d+)/.exec(message)?.[1];
  if (missing) offset = nth(new RegExp(`(?<![\\w.])${escape(missing)}(?![\\w.])`), 0);
  else if (duplicateName) offset = nth(new RegExp(`\\b${escape(duplicateName)}\\s*=`), 1);
  else if (duplicateId) offset = nth(new RegExp(`(?<==\\s*)${duplicateId}\\b`), 1);
  return lineAndColumn(text, offset ?? from);
}
