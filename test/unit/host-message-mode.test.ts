/**
 * Message mode as the editor decides it (src/host/message-mode.ts): JSON Lines samples are
 * streams unless the request says otherwise, with the line that says so; a request's choice
 * wins; the stream's format follows the source; a bad line's error names the setting, not the
 * CLI's flag, and still points at its line. The error comes from the real stream reader.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inEditorWords, isJsonLinesSource, messageModeOf, messageOptions } from '../../src/host/message-mode';
import { parseMessageStream } from '../../src/input/message-stream';
import { SampleInputError } from '../../src/input/parse-sample';
import type { SampleSource } from '../../src/host/sample-source';

const uri = { scheme: 'untitled', fsPath: 'Untitled-1', path: 'Untitled-1', toString: () => 'untitled:Untitled-1' };
const file = (name: string): SampleSource => ({ kind: 'file', name, location: `/data/${name}`, path: `/data/${name}` });
const text = (sampleKind: 'json' | 'jsonl'): SampleSource => ({
  kind: 'text',
  name: 'Untitled-1',
  location: 'untitled:Untitled-1',
  uri,
  text: '{}',
  sampleKind,
});

test('JSON Lines files and editors are streams by default, with a line saying so; JSON documents are not', () => {
  for (const source of [file('events.jsonl'), file('events.NDJSON'), text('jsonl')]) {
    assert.equal(isJsonLinesSource(source), true, source.name);
    const mode = messageModeOf(source, undefined);
    assert.deepEqual({ on: mode.on, byDefault: mode.byDefault }, { on: true, byDefault: true });
    assert.match(
      mode.announce ?? '',
      new RegExp(`^${source.name.replace('.', '\\.')} is JSON Lines: each record is measured as its own message \\(message mode\\); turn off Messages`),
    );
  }
  for (const source of [
    file('orders.json'),
    text('json'),
    { kind: 'generated', name: 'Items', location: 'generated', bytes: new Uint8Array(), fileName: 'items.json' } as SampleSource,
  ]) {
    assert.deepEqual(messageModeOf(source, undefined), { on: false, byDefault: false }, source.name);
  }
});

test("the request's choice wins either way, without the default's line", () => {
  assert.deepEqual(messageModeOf(file('events.jsonl'), false), { on: false, byDefault: false });
  assert.deepEqual(messageModeOf(file('orders.json'), true), { on: true, byDefault: false });
});

test("the stream's format: JSON Lines by the source, a JSON array for editor text, a saved file's by its path (a folder's files)", () => {
  const settings = { dictionarySplit: 0.7, dictionaryBytes: 4096, linkBitsPerSecond: [1e6], skipInvalidLines: true };
  assert.deepEqual(messageOptions(text('jsonl'), settings), {
    format: 'jsonl',
    invalidLines: 'skip',
    dictionary: { trainShare: 0.7, sizeBytes: 4096 },
    linkBitsPerSecond: [1e6],
  });
  assert.equal(messageOptions(text('json'), settings).format, 'json-array');
  assert.equal('format' in messageOptions(file('orders.json'), settings), false);
  assert.equal(messageOptions(file('orders.json'), { ...settings, skipInvalidLines: false }).invalidLines, 'stop');
});

test("a line that is not JSON: the editor's error names the setting and keeps the line and column", () => {
  const bytes = Buffer.from('{"a":1}\n{"a":2}\n{"a":\n', 'utf8');
  let thrown: unknown;
  try {
    parseMessageStream(bytes, 'jsonl', '/data/bad.jsonl', 'stop');
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown instanceof SampleInputError && thrown.message.includes('--skip-invalid-lines'));
  const shown = inEditorWords(thrown);
  assert.ok(shown instanceof SampleInputError);
  assert.equal(shown.line, 3);
  assert.equal(shown.column, thrown.column);
  assert.match(
    shown.message,
    /^\/data\/bad\.jsonl:3:\d+: .*, or turn on the payloadLab\.messages\.skipInvalidLines setting to leave such lines out \(they are counted\)\.$/,
  );
  assert.doesNotMatch(shown.message, /--skip-invalid-lines/);
  const other = new Error('boom');
  assert.equal(inEditorWords(other), other);
});
