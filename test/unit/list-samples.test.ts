/**
 * A sample that is a list, against a schema that is not one, in every row that reads the schema
 * (protobufjs on the .proto, and the rows whose schema is derived from it: avsc, js-binary,
 * FlatBuffers, Cap'n Proto, Bebop), with the real libraries and tools:
 * - against a root that holds one list (`Items { repeated Item items }`), a list of what it holds
 *   (the tuples' records, `{ x, y, z }`) fills that field, and the bytes are the format's layout;
 * - a list of the root itself (records generated from the schema, `{ items: [...] }`) is a list of it;
 * - against a type that is no record (a top-level Avro enum), a list is an array of it.
 */
import '../support/in-process-generated-code';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { prepareCodec, type CodecModule } from '../../src/codecs/codec';
import { loadCodec } from '../../src/codecs/load-codec';
import { providedSchemaFrom } from '../../src/cli/schema-options';
import { BEBOPC, CAPNP, CAPNPC_TS, FLATC } from '../../src/codegen/zero-copy-tools';
import type { ProvidedSchema } from '../../src/shared/codec-job';
import { missingZeroCopyTools } from '../support/zero-copy-tools';
import { noteText } from '../../src/shared/row-facts-text';

const itemsProto = path.resolve(__dirname, '..', '..', 'schemas', 'Items.proto');
const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-list-samples-'));
const items = [
  { x: 1, y: 2.5, z: -0.25 },
  { x: 2, y: 0.5, z: 3.75 },
];
const BUNDLED = ['protobufjs', 'avsc', 'js-binary'];
const TRANSLATED: Record<string, () => Promise<CodecModule>> = {
  flatbuffers: () => import('../../src/codecs/flatbuffers'),
  capnp: () => import('../../src/codecs/capnp'),
  bebop: () => import('../../src/codecs/bebop'),
};

async function rowsOn(sample: unknown, schema: ProvidedSchema, translated: boolean) {
  const rows = [];
  for (const codec of [...BUNDLED, ...(translated ? Object.keys(TRANSLATED) : [])]) {
    const module = TRANSLATED[codec] ? await TRANSLATED[codec]() : (await loadCodec({ builtin: codec })).module;
    const prepared = await prepareCodec(module, sample, { schema, codegen: { cacheDir } });
    const bytes = prepared.encode(prepared.input).slice();
    const roundTrip = verifyRoundTrip(sample, prepared.decode(bytes), prepared.semantics ? { semantics: prepared.semantics } : {});
    rows.push({ codec, bytes: bytes.byteLength, roundTrip, notes: prepared.notes.map(noteText).join('\n') });
  }
  return rows;
}

const itemsSchema = async () => (await providedSchemaFrom({ proto: itemsProto, type: 'Items' }))!;
const fine = (row: { codec: string; roundTrip: { status: string } }) =>
  assert.ok(['exact', 'equivalent'].includes(row.roundTrip.status), `${row.codec}: ${JSON.stringify(row.roundTrip)}`);

test('a list of Item fills the one repeated field of Items in every row; the translated rows write their layout of Items', async () => {
  const missing = await missingZeroCopyTools([FLATC, CAPNP, CAPNPC_TS, BEBOPC]);
  const rows = await rowsOn(items, await itemsSchema(), !missing);
  for (const row of rows) {
    fine(row);
    if (BUNDLED.includes(row.codec))
      assert.match(row.notes, /the sample is a list of values: encoded as the (repeated|array) field items of (message|record) Items/, row.codec);
  }
  const bytes = Object.fromEntries(rows.map((row) => [row.codec, row.bytes]));
  // As on the tuples file ({ items: [...] }): 24-byte structs and 24 bytes of table (FlatBuffers),
  // 24-byte structs and 32 bytes of segment table and pointers (Cap'n Proto), 20 bytes each and a count (Bebop).
  if (!missing) assert.deepEqual([bytes['flatbuffers'], bytes['capnp'], bytes['bebop']], [24 * 2 + 24, 24 * 2 + 32, 20 * 2 + 4]);
});

test('a list of Items records (as generated from the schema) is a list of Items, each record read back whole', async () => {
  const missing = await missingZeroCopyTools([FLATC, CAPNP, CAPNPC_TS, BEBOPC]);
  const records = [{ items }, { items: items.slice(1) }, { items: [] }];
  for (const row of await rowsOn(records, await itemsSchema(), !missing)) {
    fine(row);
    assert.doesNotMatch(row.notes, /its only field/, row.codec);
  }
});

test('against a top-level Avro enum, a list of its symbols is an array of it in every row', async () => {
  const missing = await missingZeroCopyTools([FLATC, CAPNP, CAPNPC_TS, BEBOPC]);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-enum-'));
  const file = path.join(folder, 'suit.avsc');
  fs.writeFileSync(file, JSON.stringify({ type: 'enum', name: 'Suit', symbols: ['SPADES', 'HEARTS'] }));
  const schema = (await providedSchemaFrom({ avsc: [file] }))!;
  const rows = await rowsOn(['SPADES', 'HEARTS', 'SPADES'], schema, !missing);
  for (const row of rows) fine(row);
  // Avro: a block count, three one-byte indexes and the end (5 B); protobuf: one packed field of three varints (5 B).
  assert.deepEqual(
    rows.filter((row) => ['avsc', 'protobufjs'].includes(row.codec)).map((row) => row.bytes),
    [5, 5],
  );
});
