import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSample, sampleKindOf, SampleInputError } from '../../src/input/read-sample';

const bytes = (text: string) => Buffer.from(text, 'utf8');

function inputError(run: () => unknown): SampleInputError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof SampleInputError, `expected SampleInputError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected an input error');
}

test('a syntax error names the file, line and column', () => {
  const error = inputError(() => parseSample(bytes('{\n  "a": 1,\n  "b": }\n'), 'json', 'data/x.json'));
  assert.equal(error.line, 3);
  assert.equal(error.column, 8);
  assert.match(error.message, /^data\/x\.json:3:8: JSON syntax error: /);
});

test('a trailing comma is located even where JSON.parse gives no position', () => {
  const error = inputError(() => parseSample(bytes('[1,\n2,\n]'), 'json', 'x.json'));
  assert.deepEqual([error.line, error.column], [3, 1]);
  assert.match(error.message, /trailing comma/);
});

test('a truncated document is reported at its end', () => {
  const error = inputError(() => parseSample(bytes('{"items": [1, 2'), 'json', 'x.json'));
  assert.deepEqual([error.line, error.column], [1, 16]);
  assert.match(error.message, /incomplete/);
});

test('an empty file gets a clear error', () => {
  assert.match(inputError(() => parseSample(new Uint8Array(0), 'json', 'e.json')).message, /e\.json: the file is empty/);
});

test('a whitespace-only file gets a clear error', () => {
  assert.match(inputError(() => parseSample(bytes(' \n\t'), 'json', 'w.json')).message, /only whitespace/);
});

test('a binary file is refused with the offset of its first NUL byte', () => {
  const error = inputError(() => parseSample(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]), 'json', 'p.png'));
  assert.match(error.message, /binary file \(NUL byte at offset 4\)/);
});

test('text that is not UTF-8 is refused', () => {
  assert.match(inputError(() => parseSample(Uint8Array.from([0x7b, 0xff, 0x7d]), 'json', 'l.json')).message, /not valid UTF-8/);
});

test('a UTF-8 byte order mark is tolerated', () => {
  assert.deepEqual(parseSample(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes('{"a":1}')]), 'json', 'b.json'), { a: 1 });
});

test('JSON Lines become an array of records, blank lines ignored', () => {
  assert.deepEqual(parseSample(bytes('{"a":1}\n\n{"a":2}\r\n'), 'jsonl', 'r.jsonl'), [{ a: 1 }, { a: 2 }]);
});

test('a JSON Lines error names the line of the file, not of the record', () => {
  const error = inputError(() => parseSample(bytes('{"a":1}\n{"a":2}\n{"a":}\n'), 'jsonl', 'r.jsonl'));
  assert.deepEqual([error.line, error.column], [3, 6]);
});

test('.jsonl and .ndjson files are read as JSON Lines, others as JSON', () => {
  assert.equal(sampleKindOf('a/b.jsonl'), 'jsonl');
  assert.equal(sampleKindOf('b.NDJSON'), 'jsonl');
  assert.equal(sampleKindOf('b.json'), 'json');
});
