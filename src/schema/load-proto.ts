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
import { lineStartOffset, type SchemaProblem } from './schema-problem';

export interface LoadedProto {
  ok: true;
  root: protobuf.Root;
  /** Every message type, fully qualified without the leading dot (`pkg.Outer.Inner`), in file order. */
  messageTypes: string[];
  /** The message no other message refers to (the last such top-level one if several). */
  defaultType: string;
}

export type ProtoLoad = LoadedProto | { ok: false; error: SchemaProblem };

export function loadProtoSchema(text: string): ProtoLoad {
  let parsed: protobuf.IParserResult | undefined;
  try {
    parsed = protobuf.parse(text, { keepCase: true });
    parsed.root.resolveAll();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const imports = parsed ? [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])] : [];
    const hint = imports.length > 0 && /no such/.test(message)
      ? ` (imports are not followed: ${imports.join(', ')}; copy the types this file needs into it)`
      : '';
    // The position goes into line and column; "(line N)" would repeat it.
    const reason = message.replace(/ \(line \d+\)$/, '');
    return { ok: false, error: { message: `${reason}${hint}`, ...locateProtoError(text, message) } };
  }
  const types = allMessageTypes(parsed.root);
  if (types.length === 0) return { ok: false, error: { message: 'the file declares no message type', line: 1, column: 1 } };
  return { ok: true, root: parsed.root, messageTypes: types.map(qualifiedName), defaultType: qualifiedName(defaultMessageType(types)) };
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
