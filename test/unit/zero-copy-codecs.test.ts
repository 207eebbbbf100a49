/**
 * The FlatBuffers, Cap'n Proto and Bebop rows with the real tools (flatc 2.0.8, capnp 0.9.2 with
 * capnp-es's plugin, bebopc 3.2.3) and runtimes: the translated schemas compile, the glue round-
 * trips every kind of value, the bytes are what the formats' layouts say, the lazy reads read
 * what the sample holds, the cache serves a second run, a missing tool skips the row.
 */
import '../support/in-process-generated-code';
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { prepareCodec, UnsupportedSampleError, type CodecModule, type PreparedCodec } from '../../src/codecs/codec';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { detectRemnants } from '../../src/analysis/remnants';
import { BEBOPC, CAPNP, CAPNPC_TS, FLATC } from '../../src/codegen/zero-copy-tools';
import type { ToolSpec } from '../../src/codegen/tool-spec';
import { BEBOP_TOOLS_DIR, missingZeroCopyTools } from '../support/zero-copy-tools';
import { tuplesSample, repoRoot } from '../support/paths';
import type { ProvidedSchema, CodegenSettings } from '../../src/shared/codec-job';
import { noteText } from '../../src/shared/row-facts-text';
import { noteOf } from '../support/notes';

const CODECS: Record<string, { load: () => Promise<CodecModule>; tools: ToolSpec[] }> = {
  flatbuffers: { load: () => import('../../src/codecs/flatbuffers'), tools: [FLATC] },
  capnp: { load: () => import('../../src/codecs/capnp'), tools: [CAPNP, CAPNPC_TS] },
  bebop: { load: () => import('../../src/codecs/bebop'), tools: [BEBOPC] },
};

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-zero-copy-'));
const tuples = JSON.parse(fs.readFileSync(tuplesSample, 'utf8')) as { items: unknown[] };
const events = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'events.json'), 'utf8')) as Array<{ id: string }>;

/** Every key in every record, so nothing comes back null that was absent: the round trip must be exact. */
const VARIED = [
  {
    id: 1,
    big: 2 ** 40 + 3,
    name: 'ünï',
    opt: null,
    mixed: 1,
    grid: [[1, 2], [3]],
    attrs: { 'a b': 1, 'c-d': 0 },
    nul: null,
    empty: [],
    deep: { x: 1 },
    maybe: 2.5,
    zero: 0,
    flag: false,
    user_id: 7,
    URL: 'u',
    x2y: 1,
    class: 'c',
    encode: 'e',
    bb: 2,
    any: 1,
  },
  {
    id: 2,
    big: -5,
    name: '',
    opt: 'x',
    mixed: 'two',
    grid: [],
    attrs: {},
    nul: null,
    empty: [],
    deep: null,
    maybe: null,
    zero: 0,
    flag: true,
    user_id: 8,
    URL: '',
    x2y: 2,
    class: '',
    encode: '',
    bb: 0,
    any: 'a',
  },
  {
    id: 3,
    big: 0,
    name: 'c',
    opt: '',
    mixed: true,
    grid: [[]],
    attrs: { '': -1 },
    nul: null,
    empty: [],
    deep: { x: 0 },
    maybe: 0,
    zero: 0,
    flag: false,
    user_id: 0,
    URL: 'w',
    x2y: 0,
    class: 'k',
    encode: 'f',
    bb: 1,
    any: { k: [null, true, 1.5] },
  },
  {
    id: 4,
    big: 9,
    name: 'd',
    opt: 'y',
    mixed: 4,
    grid: [[5]],
    attrs: { e: 3 },
    nul: null,
    empty: [],
    deep: { x: -2 },
    maybe: -1,
    zero: 0,
    flag: true,
    user_id: 1,
    URL: 'v',
    x2y: 3,
    class: 'j',
    encode: 'g',
    bb: 3,
    any: [1, ['deep']],
  },
];

/** The test's body, or a skip naming what is not installed. */
function withTools(tools: readonly ToolSpec[], body: () => Promise<void>): (context: TestContext) => Promise<void> {
  return async (context) => {
    const missing = await missingZeroCopyTools(tools);
    if (missing) {
      context.skip(missing);
      return;
    }
    await body();
  };
}

async function prepared(
  codec: string,
  sample: unknown,
  options: { schema?: ProvidedSchema; codegen?: CodegenSettings } = {},
): Promise<{ prepared: PreparedCodec; encoded: Uint8Array; decoded: unknown }> {
  const module = await CODECS[codec]!.load();
  const ready = await prepareCodec(module, sample, { ...(options.schema ? { schema: options.schema } : {}), codegen: options.codegen ?? { cacheDir } });
  const encoded = ready.encode(ready.input).slice();
  return { prepared: ready, encoded, decoded: ready.decode(encoded) };
}

for (const [codec, { tools }] of Object.entries(CODECS)) {
  test(
    `${codec}: the tuples round-trip, and their bytes are the format's layout`,
    withTools(tools, async () => {
      const { encoded, decoded } = await prepared(codec, tuples);
      const items = tuples.items.length;
      // FlatBuffers: 24-byte structs (int, padding, two doubles) and 24 bytes of root, vtable and
      // vector length; Cap'n Proto: 24-byte structs and 32 bytes of segment table, root pointer,
      // struct and list tag; Bebop: 20-byte structs and a 4-byte count.
      const expected = { flatbuffers: 24 * items + 24, capnp: 24 * items + 32, bebop: 20 * items + 4 }[codec];
      assert.equal(encoded.byteLength, expected);
      const roundTrip = verifyRoundTrip(tuples, decoded);
      if (codec === 'bebop') {
        // Bebop's decode gives the root record with an `encode` method, what its users hold: not
        // data (equivalent, not lossy), and a remnant named after it.
        assert.equal(roundTrip.status, 'equivalent', JSON.stringify(roundTrip.differences.slice(0, 3)));
        assert.deepEqual(
          detectRemnants(tuples, decoded).map((remnant) => [remnant.path, remnant.kind, remnant.detail]),
          [['$.encode', 'extra-key', 'an own method encode(), not data: JSON.stringify skips it; Object.keys, spread and deepStrictEqual see it']],
        );
        assert.equal(typeof (decoded as { encode?: unknown }).encode, 'function');
      } else {
        assert.equal(roundTrip.status, 'exact', JSON.stringify(roundTrip.differences.slice(0, 3)));
      }
    }),
  );

  test(
    `${codec}: the events round-trip exactly`,
    withTools(tools, async () => {
      const { decoded } = await prepared(codec, events);
      const roundTrip = verifyRoundTrip(events, decoded);
      assert.equal(roundTrip.status, 'exact', JSON.stringify(roundTrip.differences.slice(0, 3)));
    }),
  );

  test(
    `${codec}: nulls, unions, maps, lists of lists, 64-bit integers, free-form JSON and awkward keys round-trip exactly`,
    withTools(tools, async () => {
      const { decoded, prepared: ready } = await prepared(codec, VARIED);
      const roundTrip = verifyRoundTrip(VARIED, decoded);
      assert.equal(roundTrip.status, 'exact', JSON.stringify(roundTrip.differences.slice(0, 5)));
      assert.ok(
        ready.notes.map(noteText).some((note) => /64-bit integers/.test(note)),
        ready.notes.map(noteText).join('\n'),
      );
    }),
  );

  test(
    `${codec}: keys absent from some records decode as null, as in Avro (nulls-added)`,
    withTools(tools, async () => {
      const sample = [{ a: 1, b: 'x' }, { a: 2 }];
      const roundTrip = verifyRoundTrip(sample, (await prepared(codec, sample)).decoded);
      assert.equal(roundTrip.status, 'nulls-added');
      assert.deepEqual(
        roundTrip.differences.map((difference) => difference.path),
        ['$[1].b'],
      );
    }),
  );

  test(
    `${codec}: a provided .avsc with an enum, bytes, a fixed and a logical type round-trips exactly`,
    withTools(tools, async () => {
      const schema = {
        type: 'record',
        name: 'Shipment',
        fields: [
          { name: 'kind', type: { type: 'enum', name: 'Kind', symbols: ['PARCEL', 'LETTER'] } },
          { name: 'payload', type: 'bytes' },
          { name: 'hash', type: { type: 'fixed', name: 'Hash', size: 4 } },
          { name: 'day', type: { type: 'int', logicalType: 'date' } },
          { name: 'weight', type: 'float' },
          { name: 'serial', type: 'long' },
        ],
      };
      const sample = [
        { kind: 'LETTER', payload: 'AAEC/w==', hash: '3q2+7w==', day: '2024-05-31', weight: 1.5, serial: 2 ** 33 },
        { kind: 'PARCEL', payload: '', hash: 'AAAAAA==', day: '1970-01-01', weight: 0, serial: -1 },
      ];
      const { decoded, prepared: ready } = await prepared(codec, sample, { schema: { kind: 'avsc', source: JSON.stringify(schema), path: 'shipment.avsc' } });
      assert.equal(ready.schema, 'derived');
      const roundTrip = verifyRoundTrip(sample, decoded);
      assert.equal(roundTrip.status, 'exact', JSON.stringify(roundTrip.differences.slice(0, 5)));
      assert.ok(ready.notes.map(noteText).some((note) => /logical type date is held as its JSON text/.test(note)));
    }),
  );

  test(
    `${codec}: the bundled Items.proto gives the same bytes as the schema inferred from the tuples`,
    withTools(tools, async () => {
      const schema: ProvidedSchema = { kind: 'proto', source: fs.readFileSync(path.join(repoRoot, 'schemas', 'Items.proto'), 'utf8'), path: 'Items.proto' };
      const provided = await prepared(codec, tuples, { schema });
      const inferred = await prepared(codec, tuples);
      assert.deepEqual(Buffer.from(provided.encoded), Buffer.from(inferred.encoded));
    }),
  );

  test(
    `${codec}: a second run of the same schema generates nothing (the cache), and says so`,
    withTools(tools, async () => {
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-zero-copy-cache-'));
      const first = (await prepared(codec, { a: 1 }, { codegen: { cacheDir: fresh } })).prepared;
      const second = (await prepared(codec, { a: 2 }, { codegen: { cacheDir: fresh } })).prepared;
      assert.equal(noteOf(first.notes, 'codegen-timing')?.cached, false, first.notes.map(noteText).join('\n'));
      assert.equal(noteOf(second.notes, 'codegen-timing')?.cached, true, second.notes.map(noteText).join('\n'));
    }),
  );
}

for (const codec of ['flatbuffers', 'capnp']) {
  const { tools } = CODECS[codec]!;
  test(
    `${codec}: access reads every leaf and firstField the first path, without building the plain object`,
    withTools(tools, async () => {
      const { prepared: ready, encoded } = await prepared(codec, tuples);
      const lazy = ready.lazy!;
      assert.equal(lazy.firstFieldPath, '$.items[0].x');
      assert.equal(lazy.firstField(encoded), (tuples.items[0] as { x: number }).x);
      // access folds each leaf into a sum: here, every x, y and z, and the list's length.
      const sum = (tuples.items as Array<{ x: number; y: number; z: number }>).reduce((total, item) => total + item.x + item.y + item.z, tuples.items.length);
      assert.ok(Math.abs((lazy.access(encoded) as number) - sum) < 1e-6 * Math.abs(sum));
      const onEvents = await prepared(codec, events);
      assert.equal(onEvents.prepared.lazy!.firstFieldPath, '$[0].id');
      assert.equal(onEvents.prepared.lazy!.firstField(onEvents.encoded), events[0]!.id);
      assert.ok(noteOf(ready.notes, 'lazy-decode'));
    }),
  );
}

test(
  'bebop has no lazy reads: it decodes eagerly',
  withTools([BEBOPC], async () => {
    assert.equal((await prepared('bebop', tuples)).prepared.lazy, undefined);
  }),
);

test('a tool that is not there skips the row with what to install and which setting to use', async () => {
  const nowhere = path.join(os.tmpdir(), 'payload-lab-no-such-tool', 'flatc');
  await assert.rejects(prepared('flatbuffers', tuples, { codegen: { cacheDir, tools: { flatc: nowhere } } }), (error: unknown) => {
    assert.ok(error instanceof UnsupportedSampleError);
    assert.match((error as Error).message, /the setting payloadLab\.tools\.flatc names .*, which is not an executable file/);
    assert.match((error as Error).message, /apt-get install flatbuffers-compiler/);
    return true;
  });
});

const nativeBebopc = path.join(BEBOP_TOOLS_DIR, 'bebopc');
test(
  "bebopc's WASI build (run under node:wasi) and its native build generate the same code",
  {
    skip:
      fs.existsSync(nativeBebopc) && process.env.PAYLOAD_LAB_BEBOPC?.endsWith('.wasm')
        ? undefined
        : `needs both bebopc builds (${nativeBebopc} and PAYLOAD_LAB_BEBOPC=…/bebopc.wasm): ${'eval "$(bash test/support/install-zero-copy-tools.sh)"'}`,
  },
  async () => {
    const generatedBy = async (bebopc: string) => {
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-bebopc-'));
      const { prepared: ready } = await prepared('bebop', VARIED, { codegen: { cacheDir: fresh, tools: { bebopc } } });
      const folder = noteOf(ready.notes, 'codegen-timing')!.dir;
      return fs.readFileSync(path.join(folder, 'out', 'schema.ts'), 'utf8');
    };
    assert.equal(await generatedBy(process.env.PAYLOAD_LAB_BEBOPC!), await generatedBy(nativeBebopc));
  },
);
