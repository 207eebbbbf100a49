/**
 * Users' own .fbs, .capnp and .bop with the real tools: read by flatc, capnp and bebopc, driven
 * by the same glue as the translated schemas, their mistakes located at file:line:column, and
 * what the glue cannot drive named.
 */
import '../support/in-process-generated-code';
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { prepareCodec, type CodecModule } from '../../src/codecs/codec';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { checkFormatSchema, readFormatSchema, type FormatSchemaFile } from '../../src/codecs/zero-copy/user/user-schema';
import { UntranslatableSchemaError } from '../../src/schema/translate/model-from-avro';
import { BEBOPC, CAPNP, CAPNPC_TS, FLATC } from '../../src/codegen/zero-copy-tools';
import type { ToolSpec } from '../../src/codegen/tool-spec';
import { missingZeroCopyTools } from '../support/zero-copy-tools';
import { fixture, tuplesSample, workerScript } from '../support/paths';
import { readFormatSchemaInfo } from '../../src/engine/schema-jobs';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-user-schemas-'));
const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as { items: unknown[] };
const file = (language: FormatSchemaFile['language'], source: string, rootType?: string): FormatSchemaFile => ({
  language,
  source,
  path: `schemas/mine.${language}`,
  ...(rootType ? { rootType } : {}),
});
const own = (language: FormatSchemaFile['language']) => file(language, fs.readFileSync(fixture('zero-copy', `Items.${language}`), 'utf8'));

function withTools(tools: readonly ToolSpec[], body: () => Promise<void>): (context: TestContext) => Promise<void> {
  return async (context) => {
    const missing = await missingZeroCopyTools(tools);
    if (missing) return context.skip(missing);
    await body();
  };
}

const ROWS: Array<{
  codec: string;
  language: FormatSchemaFile['language'];
  tools: ToolSpec[];
  load: () => Promise<CodecModule>;
  bytes: (items: number) => number;
}> = [
  { codec: 'flatbuffers', language: 'fbs', tools: [FLATC], load: () => import('../../src/codecs/flatbuffers'), bytes: (items) => 24 * items + 24 },
  { codec: 'capnp', language: 'capnp', tools: [CAPNP, CAPNPC_TS], load: () => import('../../src/codecs/capnp'), bytes: (items) => 24 * items + 32 },
  // A message root (Bebop refuses a field named like its record): its length, a tag and an end byte more than a struct's 4-byte count.
  { codec: 'bebop', language: 'bop', tools: [BEBOPC], load: () => import('../../src/codecs/bebop'), bytes: (items) => 20 * items + 10 },
];

for (const row of ROWS) {
  test(
    `${row.codec}: the user's own Items.${row.language} encodes the tuples, round trip exact, schema 'provided'`,
    withTools(row.tools, async () => {
      const prepared = await prepareCodec(await row.load(), tuples, { codegen: { cacheDir, formatSchemas: [own(row.language)] } });
      const encoded = prepared.encode(prepared.input).slice();
      assert.equal(encoded.byteLength, row.bytes(tuples.items.length));
      assert.equal(verifyRoundTrip(tuples, prepared.decode(encoded)).status, 'exact');
      assert.equal(prepared.schema, 'provided');
      assert.equal(prepared.schemaText, own(row.language).source);
    }),
  );
}

test(
  'a mistake in the file comes back at its line and column, as each tool reports it',
  withTools([FLATC, CAPNP, BEBOPC], async () => {
    assert.deepEqual(await checkFormatSchema(file('fbs', 'table A {\n  x:int\n}\n'), { cacheDir }), {
      message: 'expecting: ; instead got: }',
      line: 3,
      column: 1,
    });
    assert.deepEqual(await checkFormatSchema(file('capnp', '@0xdbb9ad1f14bf0b39;\nstruct A {\n  x @0 :Int33;\n}\n'), { cacheDir }), {
      message: 'Not defined: Int33',
      line: 3,
      column: 9,
    });
    const bop = await checkFormatSchema(file('bop', 'struct A {\n  int32 x\n  string y;\n}\n'), { cacheDir });
    assert.equal(bop?.line, 3);
    assert.equal(bop?.column, 3);
    assert.match(bop!.message, /Expected type Semicolon/);
    for (const language of ['fbs', 'capnp', 'bop'] as const) assert.equal(await checkFormatSchema(own(language), { cacheDir }), undefined);
  }),
);

test(
  "the root: flatc's root_type; for Cap'n Proto and Bebop the last record no other refers to, or the one named",
  withTools([FLATC, CAPNP, BEBOPC], async () => {
    const rootOf = async (schema: FormatSchemaFile) => ((await readFormatSchema(schema, { cacheDir })).model.root as { name: string }).name;
    assert.equal(await rootOf(own('fbs')), 'Items');
    assert.equal(await rootOf(own('capnp')), 'Items');
    assert.equal(await rootOf(own('bop')), 'Tuples');
    assert.equal(await rootOf({ ...own('capnp'), rootType: 'Item' }), 'Item');
    await assert.rejects(
      readFormatSchema({ ...own('bop'), rootType: 'Nope' }, { cacheDir }),
      /no struct or message 'Nope' in the schema \(it declares: Item, Tuples\)/,
    );
  }),
);

test(
  'what the glue cannot drive is named, and skips the row',
  withTools([CAPNP, FLATC], async () => {
    const mixed = file('capnp', '@0xdbb9ad1f14bf0b3a;\nstruct A {\n  id @0 :Int32;\n  union {\n    n @1 :Int32;\n    s @2 :Text;\n  }\n}\n');
    await assert.rejects(
      readFormatSchema(mixed, { cacheDir }),
      (error: unknown) => error instanceof UntranslatableSchemaError && /a struct mixing a union with other fields/.test((error as Error).message),
    );
    // A union of two tables is told by its _type key, as flatc's JSON does; without it, encode says so.
    const twoTables = file('fbs', 'table A { a:int; }\ntable B { b:int; }\nunion U { A, B }\ntable R { u:U; }\nroot_type R;\n');
    const prepared = await prepareCodec(await import('../../src/codecs/flatbuffers'), { u: { a: 1 } }, { codegen: { cacheDir, formatSchemas: [twoTables] } });
    assert.throws(
      () => prepared.encode({ u: { a: 1 } }),
      /the union U needs its member named in the key beside it \(<field>_type, as in flatc's JSON\): one of A, B; got undefined/,
    );
    assert.equal(verifyRoundTrip({ u_type: 'B', u: { b: 2 } }, prepared.decode(prepared.encode({ u_type: 'B', u: { b: 2 } }).slice())).status, 'exact');
  }),
);

test(
  'enums keep the numbers the user gave them',
  withTools([FLATC], async () => {
    const schema = file('fbs', 'enum Kind : byte { A = 1, B = 7 }\ntable R { kind:Kind = A; n:long; }\nroot_type R;\n');
    const sample = { kind: 'B', n: 2 ** 40 };
    const prepared = await prepareCodec(await import('../../src/codecs/flatbuffers'), sample, { codegen: { cacheDir, formatSchemas: [schema] } });
    const encoded = prepared.encode(prepared.input).slice();
    assert.deepEqual(prepared.decode(encoded), sample);
    assert.ok(encoded.includes(7));
  }),
);

test(
  "what the editor reads before a run, from a codec worker: the roots and the default, the tool's problem, the tool missing",
  withTools([FLATC, CAPNP, CAPNPC_TS, BEBOPC], async () => {
    const info = (source: FormatSchemaFile, tools?: Record<string, string>) =>
      readFormatSchemaInfo(source, { cacheDir, ...(tools ? { tools } : {}) }, { workerScript });
    assert.deepEqual(await info(own('fbs')), { roots: ['Items'], defaultRoot: 'Items' });
    assert.deepEqual(await info(own('capnp')), { roots: ['Item', 'Items'], defaultRoot: 'Items' });
    assert.deepEqual(await info(own('bop')), { roots: ['Item', 'Tuples'], defaultRoot: 'Tuples' });
    assert.deepEqual(await info(file('fbs', 'table A {\n  x:int\n}\n')), { problem: { message: 'expecting: ; instead got: }', line: 3, column: 1 } });
    assert.deepEqual(await info(file('fbs', 'table A { x:int; }\n')), {
      unusable: 'the schema has no root_type: FlatBuffers needs one to know what a buffer holds',
    });
    const missing = await info(own('fbs'), { flatc: path.join(cacheDir, 'no-flatc') });
    assert.ok(
      'missingTool' in missing &&
        /payloadLab\.tools\.flatc names .*no-flatc, which is not an executable file\. Install it \(.*apt-get install flatbuffers-compiler/.test(
          missing.missingTool ?? '',
        ),
      JSON.stringify(missing),
    );
    // capnp reads the file alone: the row's plugin, missing, is said with the roots, as a missing tool is.
    const noPlugin = await info(own('capnp'), { capnpcTs: path.join(cacheDir, 'no-capnpc-ts') });
    assert.ok('roots' in noPlugin, JSON.stringify(noPlugin));
    assert.deepEqual(noPlugin.roots, ['Item', 'Items']);
    assert.match(
      noPlugin.missingTool ?? '',
      /payloadLab\.tools\.capnpcTs names .*no-capnpc-ts, which is not an executable file\. Install it \(npm install -g capnp-es/,
    );
  }),
);
