/**
 * Where two encodings of one value differ and why (protobuf-wire-diff.ts), on bytes written
 * field by field with protobufjs's Writer: a default value written by one side only, packed
 * against unpacked repeated scalars, the same fields in another order, map entries.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { protobuf } from '../../src/codecs/protobufjs-runtime';
import { describeWireDifference } from '../../src/codecs/protobuf-wire-diff';

const type = protobuf
  .parse('syntax = "proto3"; message T { int32 a = 1; repeated int32 b = 2; map<string, int32> m = 3; string s = 4; }', { keepCase: true })
  .root.lookupType('T');
const bytes = (write: (writer: protobuf.Writer) => void) => {
  const writer = protobuf.Writer.create();
  write(writer);
  return writer.finish();
};
const entry = (writer: protobuf.Writer, key: string, value: number | undefined) => {
  writer
    .uint32((3 << 3) | 2)
    .fork()
    .uint32((1 << 3) | 2)
    .string(key);
  if (value !== undefined) writer.uint32(2 << 3).int32(value);
  writer.ldelim();
};

test('the same bytes: no difference', () => {
  const same = bytes((w) => w.uint32(1 << 3).int32(5));
  assert.equal(describeWireDifference(type, same, same.slice(), 'lib'), undefined);
});

test('a default value written by protobufjs only, with where and why', () => {
  const reference = bytes((w) =>
    w
      .uint32(1 << 3)
      .int32(0)
      .uint32((4 << 3) | 2)
      .string('x'),
  );
  const theirs = bytes((w) => w.uint32((4 << 3) | 2).string('x'));
  const lines = describeWireDifference(type, reference, theirs, 'lib')!;
  assert.equal(lines[0], `${reference.byteLength} bytes from protobufjs, ${theirs.byteLength} from lib:`);
  assert.match(lines[1]!, /^T\.a: written by protobufjs, left out by lib \(its default value/);
});

test('packed by one side, one tag per value by the other', () => {
  const reference = bytes((w) =>
    w
      .uint32((2 << 3) | 2)
      .fork()
      .int32(1)
      .int32(2)
      .ldelim(),
  );
  const theirs = bytes((w) =>
    w
      .uint32(2 << 3)
      .int32(1)
      .uint32(2 << 3)
      .int32(2),
  );
  assert.deepEqual(describeWireDifference(type, reference, theirs, 'lib')!.slice(1), ['T.b[*]: packed by protobufjs, one tag per value by lib']);
});

test('the same fields in another order', () => {
  const reference = bytes((w) =>
    w
      .uint32(1 << 3)
      .int32(7)
      .uint32((4 << 3) | 2)
      .string('x'),
  );
  const theirs = bytes((w) =>
    w
      .uint32((4 << 3) | 2)
      .string('x')
      .uint32(1 << 3)
      .int32(7),
  );
  assert.deepEqual(describeWireDifference(type, reference, theirs, 'lib')!.slice(1), ['T: the same fields in another order']);
});

test('map entries: a default value inside an entry, and entries in another order, each counted', () => {
  const reference = bytes((w) => {
    entry(w, 'k1', 0);
    entry(w, 'k2', 0);
  });
  const theirs = bytes((w) => {
    entry(w, 'k1', undefined);
    entry(w, 'k2', undefined);
  });
  assert.deepEqual(describeWireDifference(type, reference, theirs, 'lib')!.slice(1), [
    "T.m[*].value: written by protobufjs, left out by lib (its default value, which a library that does not track the field's presence leaves out) (2 times)",
  ]);
  const swapped = bytes((w) => {
    entry(w, 'k2', 0);
    entry(w, 'k1', 0);
  });
  assert.deepEqual(describeWireDifference(type, reference, swapped, 'lib')!.slice(1), ['T.m[*]: the same entries in another order']);
});
