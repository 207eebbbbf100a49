import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PROTOC } from '../../src/codegen/protobuf-tools';
import { findTool } from '../../src/codegen/find-tool';
import { deriveProtoFromAvro } from '../../src/schema/derive-proto-from-avro';
import { renderProto } from '../../src/schema/proto-text';
import { commentText } from '../../src/schema/schema-words';
import { missingTools } from '../support/codegen-tools';
import { noteText } from '../../src/shared/note-text';

/** An .avsc whose attributes each try to write declarations into the derived .proto. */
const HOSTILE = {
  type: 'record',
  name: 'Order',
  fields: [
    { name: 'at', type: { type: 'long', logicalType: 'x\nmessage Evil {}\n//' } },
    { name: 'sep', type: { type: 'long', logicalType: 'y\u2028message Evil5 {}' } },
    { name: 'choice', type: 'int', protoOneof: 'o { int32 z = 9; } message Evil2 { int32 q = 1; } oneof p' },
    { name: 'number', type: 'int', protoNumber: 19500 },
    { name: 'big', type: 'int', protoNumber: 2 ** 29 },
    { name: 'labels', type: { type: 'map', values: 'int' }, protoKeyType: 'string, int32> x = 9; } message Evil4 { map<string' },
    { name: 'kind', type: 'int', protoType: 'int32 q = 10; } message Evil6 { int32' },
    {
      name: 'state',
      type: { type: 'enum', name: 'State', symbols: ['NEW', 'DONE'], protoValues: { NEW: 0, DONE: '1; } message Evil3 { int32 r = 1; } enum X { Y = 0' } },
    },
  ],
};

/** protoc's view of a .proto: the message and enum names it declares, or its error. */
function protocDeclarations(protoc: string, source: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-'));
  try {
    fs.writeFileSync(path.join(dir, 'derived.proto'), source);
    const out = path.join(dir, 'set.pb');
    execFileSync(protoc, ['--proto_path', dir, '--descriptor_set_out', out, 'derived.proto'], { stdio: 'pipe' });
    // The descriptor set holds each declared name as a length-prefixed string; decode it with protoc itself.
    const text = execFileSync(protoc, ['--decode=google.protobuf.FileDescriptorSet', 'google/protobuf/descriptor.proto'], {
      input: fs.readFileSync(out),
      stdio: ['pipe', 'pipe', 'pipe'],
    }).toString();
    return [...text.matchAll(/^ {4}name: "([^"]+)"$/gm)].map((match) => match[1]!);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a hostile .avsc derives a .proto protoc parses, with no injected message, and notes what was left out', async (t) => {
  const lookup = await findTool(PROTOC);
  if (!lookup.found) return t.skip(await missingTools([PROTOC]));
  const protoc = lookup.path;
  const derived = deriveProtoFromAvro(HOSTILE);
  const declared = protocDeclarations(protoc, derived.source);
  assert.deepEqual(declared.sort(), ['Order', 'State']);
  const declarations = derived.source.split('\n').map((line) => line.replace(/\/\/.*$/, ''));
  assert.deepEqual(
    declarations.filter((line) => /Evil/.test(line)),
    [],
  );
  assert.match(derived.source, /logical type x message Evil \{\} \/\/ sent as its long/);
  const notes = derived.notes.map(noteText).join('\n');
  for (const attribute of ['protoOneof', 'protoNumber 19500', 'protoNumber 536870912', 'protoKeyType', 'protoType', 'protoValues "1; }']) {
    assert.ok(notes.includes(`${attribute}`), `a note for ${attribute} in:\n${notes}`);
  }
  assert.match(notes, /protoOneof .* at Order\.choice left out: a oneof name is an identifier/);
});

test('attributes in range are carried as they are', () => {
  const derived = deriveProtoFromAvro({
    type: 'record',
    name: 'Item',
    fields: [
      { name: 'a', type: 'int', protoNumber: 536870911, protoOneof: 'pick' },
      { name: 'b', type: 'long', protoNumber: 18999, protoType: 'sint64' },
      { name: 'c', type: { type: 'enum', name: 'Kind', symbols: ['Z', 'N'], protoValues: { Z: 0, N: -2147483648 } } },
    ],
  });
  assert.match(derived.source, /oneof pick \{\n {4}int32 a = 536870911;/);
  assert.match(derived.source, /sint64 b = 18999;/);
  assert.match(derived.source, /N = -2147483648;/);
  assert.deepEqual(derived.notes, []);
});

test('comments lose line breaks and block-comment ends, whichever schema writes them', () => {
  assert.equal(commentText('a\r\nb\u2028c\u2029d */ e'), 'a  b c d * / e');
  const source = renderProto(
    [{ name: 'M', comment: 'one\ntwo', fields: [{ label: '', type: 'int32', name: 'x', id: 1, comment: 'three\rfour' }], omitted: ['five\nsix'] }],
    { header: ['h\nsyntax'] },
  );
  assert.deepEqual(
    source.split('\n').filter((line) => !/^\s*(\/\/|$)/.test(line) && !line.includes('//')),
    ['syntax = "proto3";', 'message M {', '}'],
  );
});
