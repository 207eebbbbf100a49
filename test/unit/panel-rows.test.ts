/**
 * What the panel is sent of a row: a schema inferred from a large irregular sample is cut to
 * a readable head that says where the rest is; the report keeps all of it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PANEL_SCHEMA_TEXT_MAX_CHARS, panelReport, panelRow } from '../../src/host/runtime-rows';
import { inferSchemaText } from '../../src/schema/inferred-text';
import { variedDocuments } from '../fixtures/real-world/varied-documents';
import type { CodecResult } from '../../src/shared/results';

const row = (schemaText: string | undefined, schema: CodecResult['schema'] = 'inferred'): CodecResult =>
  ({
    codec: 'avsc',
    label: 'Avro (avsc)',
    format: 'Avro',
    library: 'avsc',
    libraryVersion: '5.7.9',
    schema,
    notes: [],
    status: 'skipped',
    error: { stage: 'prepare', message: 'not measured here' },
    ...(schemaText === undefined ? {} : { schemaText }),
  }) as CodecResult;

test('a megabyte of inferred Avro reaches the panel as its first lines and where to find the rest', () => {
  const { text } = inferSchemaText(variedDocuments(300), 'avsc');
  assert.ok(text.length > 4 * PANEL_SCHEMA_TEXT_MAX_CHARS, `the varied documents' schema is only ${text.length} characters`);
  const sent = panelRow(row(text)).schemaText!;
  assert.ok(sent.length < PANEL_SCHEMA_TEXT_MAX_CHARS + 200, `${sent.length} characters sent`);
  const [head, note] = [sent.slice(0, sent.lastIndexOf('\n')), sent.slice(sent.lastIndexOf('\n') + 1)];
  assert.ok(text.startsWith(`${head}\n`), "the head is the schema's own first lines, cut at a line end");
  assert.equal(
    note,
    `… the first ${head.length.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters: “Open inferred .avsc” above the table, or Export, shows all of it.`,
  );
  // The report the panel is sent at the end is cut the same way; the row given is untouched.
  const report = { results: [row(text)] } as unknown as Parameters<typeof panelReport>[0];
  assert.equal(panelReport(report).results[0]!.schemaText, sent);
  assert.equal(report.results[0]!.schemaText, text);
});

test('a schema that fits, no schema, and a provided one too long: each as it should be', () => {
  const short = '{"type": "record", "name": "Row", "fields": []}';
  assert.equal(panelRow(row(short)).schemaText, short);
  assert.equal(panelRow(row(undefined)).schemaText, undefined);
  const long = `${'x'.repeat(PANEL_SCHEMA_TEXT_MAX_CHARS + 10)}`;
  assert.match(panelRow(row(long, 'provided')).schemaText!, /characters: Export shows all of it\.$/);
});
