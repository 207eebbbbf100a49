/**
 * Field names protoc and its plugins take, for a schema Payload Lab wrote (inferred or derived:
 * renderProto's one field a line). The names are the JSON keys, which protobufjs encodes as they
 * are; protoc refuses two fields whose JSON names match without regard to case (`struct` and
 * `struct_`, `map` and `Map`), and ts-proto's code, transpiled by sucrase, breaks on a property
 * named `await` or `yield`. Such fields are renamed in the text protoc is given: the wire (field
 * numbers) is the same, so the generated code reads protobufjs's bytes, and the decoded objects
 * show the rename, which each note names.
 */
import type { NoteFact } from '../shared/results';

/** Names sucrase reads as keywords even after a dot (`object.await ?? ""`). */
const CONTEXTUAL_KEYWORDS = new Set(['await', 'yield']);

const FIELD = /^(\s+(?:optional |repeated )?(?:map<[^>]+>|[\w.]+) )(\w+)( = \d+;.*)$/;

/** protoc's JSON name of a field and @bufbuild's property name alike: `user_id` → `userId`. */
export function protoCamelCase(name: string): string {
  return name.replace(/_+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase());
}

/** Lower-cased, as protoc's conflict check compares JSON names. */
const jsonKey = (name: string): string => protoCamelCase(name).toLowerCase();

export function protocSafeProto(source: string): { source: string; notes: NoteFact[] } {
  const lines = source.split('\n');
  const notes: NoteFact[] = [];
  let message: string | undefined;
  let start = 0;
  lines.forEach((line, index) => {
    const opened = /^message (\w+) \{$/.exec(line);
    if (opened) [message, start] = [opened[1], index + 1];
    else if (line === '}' && message !== undefined) {
      renameIn(lines, start, index, message, notes);
      message = undefined;
    }
  });
  return { source: lines.join('\n'), notes };
}

function renameIn(lines: string[], start: number, end: number, message: string, notes: NoteFact[]): void {
  const fields = lines.slice(start, end).map((line) => FIELD.exec(line));
  const names = fields.flatMap((field) => (field ? [field[2]!] : []));
  const renamed = namesApart(names, jsonKey, CONTEXTUAL_KEYWORDS);
  let index = 0;
  fields.forEach((field, offset) => {
    if (!field) return;
    const [name, to] = [names[index]!, renamed[index]!];
    index += 1;
    if (to === name) return;
    lines[start + offset] = `${field[1]}${to}${field[3]}`;
    notes.push({ code: 'protoc-field-renamed', message, field: name, to, why: CONTEXTUAL_KEYWORDS.has(name) ? 'keyword' : 'json-name-clash' });
  });
}

/**
 * One message's field names, renamed where `keyOf` (the name a tool derives) would be another
 * field's, or where the name is `reserved`: `name_field`, else `name_2`, `name_3`… The first
 * field of a colliding pair keeps its name.
 */
export function namesApart(names: readonly string[], keyOf: (name: string) => string, reserved: ReadonlySet<string> = new Set()): string[] {
  const keys = new Set(names.map(keyOf));
  const kept = new Set<string>();
  return names.map((name) => {
    let renamed = reserved.has(name) ? `${name}_field` : name;
    for (let suffix = 2; kept.has(keyOf(renamed)) || (renamed !== name && keys.has(keyOf(renamed))); suffix += 1) renamed = `${name}_${suffix}`;
    kept.add(keyOf(renamed));
    return renamed;
  });
}
