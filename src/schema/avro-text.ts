/**
 * Avro schema JSON laid out for reading: anything that fits on one line stays on one line (a
 * field, an enum, a short union), records and long lists open up. JSON has no comments, so
 * choices are explained in `doc` attributes, which Avro keeps as part of the schema.
 */

const LINE_WIDTH = 100;
const MAX_INDENT = 16;

export function formatAvroSchema(schema: unknown): string {
  return `${layout(schema, '')}\n`;
}

function layout(value: unknown, indent: string): string {
  const inline = JSON.stringify(value);
  if (value === null || typeof value !== 'object') return inline;
  // Records always open up, so their fields read one per line.
  const isRecord = !Array.isArray(value) && Array.isArray((value as Record<string, unknown>)['fields']);
  if (!isRecord && indent.length + inline.length <= LINE_WIDTH) return inline;
  // Deep schemas stop indenting past MAX_INDENT: indentation alone would outgrow the sample.
  const inner = indent.length < MAX_INDENT ? `${indent}  ` : indent;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${layout(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${layout(item, inner)}`);
  return `{\n${lines.join(',\n')}\n${indent}}`;
}
