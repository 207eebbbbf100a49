/**
 * Reading a stream of messages: JSON Lines, a JSON array, a folder of .json files;
 * a line that is not JSON stops the stream with its line and column, or with `skip` is left out
 * and counted; an empty stream is an error that says what to give.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseMessageStream } from '../../src/input/message-stream';
import { readMessageStream } from '../../src/input/read-message-stream';
import { SampleInputError } from '../../src/input/parse-sample';
import { messageFormatOf } from '../../src/engine/messages/compare-messages';

const bytes = (text: string) => new TextEncoder().encode(text);
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-messages-'));

test('JSON Lines: each non-blank line is a message, in order', () => {
  const stream = parseMessageStream(bytes('{"a":1}\n\n{"a":2}\r\n[3]\n'), 'jsonl', 'events.jsonl', 'stop');
  assert.deepEqual(stream.records, [{ a: 1 }, { a: 2 }, [3]]);
  assert.equal(stream.skipped.count, 0);
});

test('a line that is not JSON stops the stream, named by file, line and column, with what to do', () => {
  assert.throws(
    () => parseMessageStream(bytes('{"a":1}\n{"a":2}\n{"a": tru}\n{"a":4}\n'), 'jsonl', 'events.jsonl', 'stop'),
    (error: unknown) =>
      error instanceof SampleInputError &&
      error.line === 3 &&
      error.column === 7 &&
      /^events\.jsonl:3:7: JSON syntax error: .*--skip-invalid-lines/.test(error.message),
  );
});

test('with skip, lines that are not JSON are left out and counted, the first ones listed with their line', () => {
  const stream = parseMessageStream(bytes('{"a":1}\nnot json\n{"a":2}\n{"a":\n'), 'jsonl', 'events.jsonl', 'skip');
  assert.deepEqual(stream.records, [{ a: 1 }, { a: 2 }]);
  assert.equal(stream.skipped.count, 2);
  assert.deepEqual(
    stream.skipped.first.map((entry) => entry.line),
    [2, 4],
  );
  assert.match(stream.skipped.first[0]!.reason, /unexpected|expected/i);
});

test('an empty stream is a clear error: no records, an empty array, only lines that are not JSON', () => {
  assert.throws(() => parseMessageStream(bytes('\n\n  \n'), 'jsonl', 'e.jsonl', 'stop'), /e\.jsonl: the file holds only whitespace|no message/);
  assert.throws(
    () => parseMessageStream(bytes('[]'), 'json-array', 'e.json', 'stop'),
    /e\.json: the stream has no message: an empty array\. Give at least one record/,
  );
  assert.throws(
    () => parseMessageStream(bytes('oops\nnope\n'), 'jsonl', 'e.jsonl', 'skip'),
    /the stream has no message: no record on any line \(2 lines were not JSON and left out\)/,
  );
});

test("a JSON document that is not an array says message mode reads an array's elements", () => {
  assert.throws(
    () => parseMessageStream(bytes('{"items":[1,2]}'), 'json-array', 'doc.json', 'stop'),
    /doc\.json: message mode reads the elements of a JSON array as the messages, and this file holds one object/,
  );
});

test('a folder: its .json files are the messages, in name order (numbers as numbers); a bad file is named with line and column', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'msg-10.json'), '{"n":10}');
  fs.writeFileSync(path.join(dir, 'msg-2.json'), '{\n  "n": 2\n}');
  fs.writeFileSync(path.join(dir, 'msg-1.json'), '{"n":1}');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a message');
  assert.equal(messageFormatOf(dir), 'json-folder');
  const stream = readMessageStream({ path: dir }, { format: 'json-folder', invalidLines: 'stop' });
  assert.deepEqual(stream.records, [{ n: 1 }, { n: 2 }, { n: 10 }]);
  assert.equal(stream.bytes, undefined, "no one file holds a folder's text");
  fs.writeFileSync(path.join(dir, 'msg-3.json'), '{\n  "n": 3,\n}');
  assert.throws(
    () => readMessageStream({ path: dir }, { format: 'json-folder', invalidLines: 'stop' }),
    (error: unknown) => error instanceof SampleInputError && error.message.startsWith(`${path.join(dir, 'msg-3.json')}:3:1: JSON syntax error`),
  );
  const empty = tempDir();
  assert.throws(() => readMessageStream({ path: empty }, { format: 'json-folder', invalidLines: 'stop' }), /the stream has no message: no \.json file/);
});

test('the format follows the path: .jsonl and .ndjson are JSON Lines, other files a JSON array', () => {
  assert.equal(messageFormatOf('/nowhere/events.ndjson'), 'jsonl');
  assert.equal(messageFormatOf('/nowhere/events.JSONL'), 'jsonl');
  assert.equal(messageFormatOf('/nowhere/events.json'), 'json-array');
});
