/**
 * Field names protoc and its plugins take, for a schema Payload Lab wrote (inferred or derived:
 * renderProto's one field a line). The names are the JSON keys, which protobufjs encodes as they
 * are; protoc refuses two fields whose JSON names match without regard to case (`struct` and
 * `struct_`, `map` and `Map`), and ts-proto's code, transpiled by sucrase, breaks on a property
 * named `await` or `yield`. Such fields are renamed in the text protoc is given: the wire (field
 * numbers) is the same, so the generated code reads protobufjs's bytes, and the decoded objects
 * show the rename, which each note names.
 */

/** Names sucrase reads as keywords even after a dot (`object.await ?? ""`). */
const CONTEXTUAL_KEYWORDS = new Set(['await', 'yield']);

const FIELD = /^(\s+(?:optional |repeated )?(?:map<[^>]+>|[\w.]+) )(\w+)( = \d+;.*)$/;

/** protoc's JSON name of a field (`user_id` → `userId`), lower-cased as its conflict check compares them. */
function jsonKey(name: string): string {
  return name.replace(/_+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase()).toLowerCase();
}

export function protocSafeProto(source: string): { source: string; notes: string[] } {
  const lines = source.split('\n');
  const notes: string[] = [];
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

function renameIn(lines: string[], start: number, end: number, message: string, notes: string[]): void {
  const fields = lines.slice(start, end).map((line) => FIELD.exec(line));
  const keys = new Set(fields.flatMap((field) => (field ? [jsonKey(field[2]!)] : [])));
  const kept = new Set<string>();
  fields.forEach((field, offset) => {
    if (!field) return;
    const name = field[2]!;
    const reserved = CONTEXTUAL_KEYWORDS.has(name);
    let renamed = reserved ? `${name}_field` : name;
    for (let suffix = 2; kept.has(jsonKey(renamed)) || (renamed !== name && keys.has(jsonKey(renamed))); suffix += 1) renamed = `${name}_${suffix}`;
    kept.add(jsonKey(renamed));
    if (renamed === name) return;
    lines[start + offset] = `${field[1]}${renamed}${field[3]}`;
    const why = reserved ? `${name} breaks the generated code (a keyword to sucrase)` : `protoc refuses two fields whose JSON names differ only in case or underscores`;
    notes.push(`field ${message}.${name} is ${renamed} in the .proto given to protoc (same field number): ${why}; decoded objects show the rename`);
  });
}
