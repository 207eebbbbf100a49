import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveSample, type DocumentLike, type UriLike } from '../../src/commands/resolve-sample';

function fileUri(fsPath: string): UriLike {
  return { scheme: 'file', fsPath, path: fsPath, toString: () => `file://${fsPath}` };
}

function document(uri: UriLike, languageId: string, options: { dirty?: boolean; untitled?: boolean; text?: string } = {}): DocumentLike {
  return { uri, languageId, isDirty: options.dirty ?? false, isUntitled: options.untitled ?? false, getText: () => options.text ?? '{}' };
}

test('an Explorer file that is not open is read from disk by the workers', () => {
  const resolution = resolveSample({ resource: fileUri('/data/orders.json'), openDocuments: [] });
  assert.deepEqual(resolution, { ok: true, source: { kind: 'file', name: 'orders.json', location: '/data/orders.json', path: '/data/orders.json' } });
});

test('an Explorer file open with unsaved edits uses the editor text', () => {
  const uri = fileUri('/data/orders.json');
  const resolution = resolveSample({ resource: uri, openDocuments: [document(uri, 'json', { dirty: true, text: '{"edited":true}' })] });
  assert.ok(resolution.ok && resolution.source.kind === 'text');
  assert.equal(resolution.source.kind === 'text' && resolution.source.text, '{"edited":true}');
});

test('an Explorer file open without edits is still read from disk', () => {
  const uri = fileUri('/data/orders.json');
  const resolution = resolveSample({ resource: uri, openDocuments: [document(uri, 'json')] });
  assert.ok(resolution.ok && resolution.source.kind === 'file');
});

test('the Explorer resource wins over the active editor', () => {
  const resolution = resolveSample({
    resource: fileUri('/data/a.json'),
    activeDocument: document(fileUri('/data/b.json'), 'json'),
    openDocuments: [],
  });
  assert.ok(resolution.ok && resolution.source.name === 'a.json');
});

test('from the palette, the active JSON editor is the sample', () => {
  const resolution = resolveSample({ activeDocument: document(fileUri('/data/b.json'), 'json'), openDocuments: [] });
  assert.ok(resolution.ok && resolution.source.name === 'b.json');
});

test('an untitled JSON editor is compared from its text as JSON', () => {
  const uri: UriLike = { scheme: 'untitled', fsPath: 'Untitled-1', path: 'Untitled-1', toString: () => 'untitled:Untitled-1' };
  const resolution = resolveSample({ activeDocument: document(uri, 'json', { untitled: true, text: '[1]' }), openDocuments: [] });
  assert.ok(resolution.ok && resolution.source.kind === 'text');
  assert.equal(resolution.ok && resolution.source.kind === 'text' && resolution.source.sampleKind, 'json');
});

test('a dirty .jsonl editor is compared as JSON Lines', () => {
  const resolution = resolveSample({ activeDocument: document(fileUri('/logs/events.jsonl'), 'plaintext', { dirty: true }), openDocuments: [] });
  assert.ok(resolution.ok && resolution.source.kind === 'text' && resolution.source.sampleKind === 'jsonl');
});

test('a non-JSON file gets a message that names it and says what to do', () => {
  const resolution = resolveSample({ resource: fileUri('/src/main.ts'), openDocuments: [] });
  assert.equal(resolution.ok, false);
  assert.match(resolution.ok ? '' : resolution.message, /main\.ts is not a \.json, \.jsonl or \.ndjson file.*Run Benchmark/);
});

test('a non-JSON active editor gets a message naming its language', () => {
  const resolution = resolveSample({ activeDocument: document(fileUri('/notes/todo.md'), 'markdown'), openDocuments: [] });
  assert.match(resolution.ok ? '' : resolution.message, /todo\.md is a markdown document/);
});

test('with no editor and no resource, the message says how to start', () => {
  const resolution = resolveSample({ openDocuments: [] });
  assert.match(resolution.ok ? '' : resolution.message, /Open a JSON file first/);
});

test('a file on a remote file system is read through VS Code', () => {
  const uri: UriLike = { scheme: 'vscode-remote', fsPath: '/srv/a.json', path: '/srv/a.json', toString: () => 'vscode-remote://host/srv/a.json' };
  const resolution = resolveSample({ resource: uri, openDocuments: [] });
  assert.ok(resolution.ok && resolution.source.kind === 'uri');
});
