/**
 * The check before generation (src/codegen/schema-text-guard.ts): schema text a generator copies
 * into its code as code (a comment end, a line break in a string) is found in each language's
 * comments, doc strings and string literals, escapes decoded, with its line and column; the
 * same characters in code, and ordinary comments, are not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findUnsafeText, guardedLanguageOf } from '../../src/codegen/schema-text-guard';
import { permissionFlag, sandboxSupport, sandboxExecArgv } from '../../src/processes/sandbox';

test('a .fbs doc comment holding */ is found at its line and column', () => {
  const text = 'namespace A;\n/// Items */ process.exit(1); /*\ntable Item { x: int; }\nroot_type Item;\n';
  assert.deepEqual(findUnsafeText(text, 'fbs'), { line: 2, column: 11, what: 'a comment holds `*/`' });
});

test('a .capnp # comment holding */ is found; a string annotation holding an escaped line feed too', () => {
  assert.deepEqual(findUnsafeText('@0xdbb9ad1f14bf0b36;\nstruct A { x @0 :Int32; # */ CODE; /*\n}\n', 'capnp'), {
    line: 2,
    column: 27,
    what: 'a comment holds `*/`',
  });
  assert.deepEqual(findUnsafeText('struct A $doc("one\\ntwo") { }\n', 'capnp'), { line: 1, column: 19, what: 'a string holds a line feed' });
});

test('a .bop @deprecated string holding */ is found at the */', () => {
  const text = 'message Item {\n  @deprecated("*/ } CODE; interface X { /*")\n  1 -> int32 x;\n}\n';
  assert.deepEqual(findUnsafeText(text, 'bop'), { line: 2, column: 16, what: 'a string holds `*/`' });
});

test('a .proto json_name or default spelled with escapes (\\x2a/, \\057) is decoded and found at the escape', () => {
  assert.deepEqual(findUnsafeText('message M {\n  int32 a = 1 [json_name = "\\x2a/ fieldNo: 1; //"];\n}\n', 'proto'), {
    line: 2,
    column: 29,
    what: 'a string holds `*/`',
  });
  assert.deepEqual(findUnsafeText("syntax = 'proto2';\nmessage M { optional string a = 1 [default = '*\\057 x'];}\n", 'proto'), {
    line: 2,
    column: 47,
    what: 'a string holds `*/`',
  });
});

test('U+2028 and a bare carriage return inside a // comment end a JavaScript line: found', () => {
  assert.equal(findUnsafeText('// one\u2028two\nmessage M {}\n', 'proto')?.what, 'a comment holds U+2028 (line separator)');
  assert.equal(findUnsafeText('// one\rtwo\nmessage M {}\n', 'proto')?.what, 'a comment holds a carriage return');
});

test('ordinary schemas pass: CRLF line ends, block comments, // inside strings, */ nowhere', () => {
  assert.equal(
    findUnsafeText('syntax = "proto3";\r\n/* a block\r\n * comment */\r\n// a line\r\nmessage M { string url = 1 [json_name = "http://x"]; }\r\n', 'proto'),
    undefined,
  );
  assert.equal(findUnsafeText('/// doc\ntable T { a: string (deprecated); }\nroot_type T;\n', 'fbs'), undefined);
  assert.equal(findUnsafeText('@0xdbb9ad1f14bf0b36;\n# a comment with "quotes"\nstruct S { s @0 :Text = "a # b"; }\n', 'capnp'), undefined);
  assert.equal(findUnsafeText('/** doc */\nconst string greeting = "hello // there";\nstruct S { int32 x; }\n', 'bop'), undefined);
});

test('the languages guarded are the four schema files given to generators', () => {
  assert.deepEqual(['a.proto', 'b.FBS', 'c.capnp', 'd.bop', 'e.json', 'payload-lab-glue.ts'].map(guardedLanguageOf), [
    'proto',
    'fbs',
    'capnp',
    'bop',
    undefined,
    undefined,
  ]);
});

test('the permission flag follows the Node version; a Node without the model has no sandbox, saying so', () => {
  assert.equal(permissionFlag('20.20.2'), '--experimental-permission');
  assert.equal(permissionFlag('22.12.0'), '--experimental-permission');
  assert.equal(permissionFlag('22.13.0'), '--permission');
  assert.equal(permissionFlag('23.5.0'), '--permission');
  assert.equal(permissionFlag('24.0.0'), '--permission');
  assert.equal(permissionFlag('18.19.0'), undefined);
  assert.match(sandboxSupport('18.19.0').why ?? '', /Node 18\.19\.0 has no permission model/);
  assert.deepEqual(sandboxExecArgv(['/dist', '/cache/out', '/dist'], '20.20.2'), [
    '--experimental-permission',
    '--allow-fs-read=/dist',
    '--allow-fs-read=/cache/out',
  ]);
  assert.throws(() => sandboxExecArgv(['/dist'], '18.19.0'), /no permission model/);
});
