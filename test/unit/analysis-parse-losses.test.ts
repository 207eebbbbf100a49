import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findParseLosses } from '../../src/analysis/parse-losses';
import { detectRemnants } from '../../src/analysis/remnants';
import { parseSample } from '../../src/input/read-sample';

const bytes = (text: string) => Buffer.from(text, 'utf8');

test('an integer literal above 2^53 that JSON.parse rounds is found with its path', () => {
  const losses = findParseLosses(bytes('{"user": {"id": 9007199254740993, "name": "x"}, "ok": true}'), 'json');
  assert.deepEqual(losses, { total: 1, found: [{ path: ['user', 'id'], literal: '9007199254740993', parsed: 9007199254740992 }] });
});

test('integers a double holds exactly are not losses, however large', () => {
  // 2^53 itself and 2^60 are exact; 1e17 has trailing zeros a double can hold.
  const losses = findParseLosses(bytes('[9007199254740992, 1152921504606846976, 100000000000000000, -9007199254740992]'), 'json');
  assert.deepEqual(losses, { total: 0, found: [] });
});

test('floats with many digits, and exponent forms, are not integer losses', () => {
  const losses = findParseLosses(bytes('{"a": 0.12345678901234567, "b": 1.2345678901234567e300, "c": 9007199254740993.0}'), 'json');
  assert.deepEqual(losses.total, 0);
});

test('negative integers, array indexes and keys with escapes and non-ASCII text get exact paths', () => {
  const text = '{"é \\"q\\"": [1, {"漢": -9007199254740995}], "s": "9007199254740993 in a string"}';
  const losses = findParseLosses(bytes(text), 'json');
  assert.deepEqual(losses.found, [{ path: ['é "q"', 1, '漢'], literal: '-9007199254740995', parsed: -9007199254740996 }]);
});

test('JSON Lines: each line is a record of the root array, blank lines skipped', () => {
  const text = '{"id": 1}\n\n{"id": 18446744073709551615}\r\n{"id": 3}\n';
  const losses = findParseLosses(bytes(text), 'jsonl');
  assert.deepEqual(
    losses.found.map((loss) => loss.path),
    [[1, 'id']],
  );
  // The paths match the parsed sample, as the sample reader builds it.
  assert.equal((parseSample(bytes(text), 'jsonl', 'x.jsonl') as Array<{ id: number }>)[1]!.id, losses.found[0]!.parsed);
});

test('a BOM and a scalar root are handled', () => {
  const losses = findParseLosses(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes('12345678901234567891')]), 'json');
  assert.deepEqual(losses.found, [{ path: [], literal: '12345678901234567891', parsed: 12345678901234567000 }]);
});

test('findings are capped, the total still counted', () => {
  const text = `[${Array.from({ length: 250 }, () => '9007199254740993').join(',')}]`;
  const losses = findParseLosses(bytes(text), 'json', 100);
  assert.equal(losses.found.length, 100);
  assert.equal(losses.total, 250);
  assert.deepEqual(losses.found[99]!.path, [99]);
});

test('rounded integers become the first precision remnants, grouped by pattern path', () => {
  const text = '{"items": [{"id": 9007199254740993}, {"id": 9007199254740995}, {"id": 7}]}';
  const sample = JSON.parse(text) as unknown;
  const remnants = detectRemnants(sample, structuredClone(sample), { parseLosses: findParseLosses(bytes(text), 'json') });
  assert.deepEqual(remnants, [
    {
      path: '$.items[*].id',
      kind: 'precision',
      detail:
        'rounded by JSON.parse in 2 values, e.g. the file has 9007199254740993; JSON.parse reads 9007199254740992 before any codec runs ' +
        '(lost in every format: read it as a string or with a BigInt-aware parser)',
      count: 2,
      firstPath: '$.items[0].id',
    },
  ]);
});

test('findings beyond the cap are mentioned on the remnant', () => {
  const text = `[${Array.from({ length: 5 }, () => '9007199254740993').join(',')}]`;
  const sample = JSON.parse(text) as unknown;
  const [remnant] = detectRemnants(sample, structuredClone(sample), { parseLosses: findParseLosses(bytes(text), 'json', 2) });
  assert.match(remnant!.detail, /^rounded by JSON\.parse in 2 values, .*\(3 more such integers in the file\)$/);
});
