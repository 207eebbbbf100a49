/**
 * A sample that is a list, against a schema whose root holds one list (`Items { repeated Item
 * items }`): a list of what the list holds (the tuples' records, `{ x, y, z }`) fills that field;
 * a list of the root itself (records generated from the schema, `{ items: [...] }`) is encoded as
 * a list of the root. Both through protobufjs on the .proto and avsc on the Avro schema derived from it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { loadCodec } from '../../src/codecs/load-codec';
import { providedSchemaFrom } from '../../src/cli/schema-options';

const itemsProto = path.resolve(__dirname, '..', '..', 'schemas', 'Items.proto');
const items = [
  { x: 1, y: 2.5, z: -0.25 },
  { x: 2, y: 0.5, z: 3.75 },
];

async function encodeBoth(sample: unknown) {
  const schema = (await providedSchemaFrom({ proto: itemsProto, type: 'Items' }))!;
  const rows = [];
  for (const codec of ['protobufjs', 'avsc']) {
    const { module } = await loadCodec({ builtin: codec });
    const prepared = module.prepare(sample, { schema });
    const bytes = prepared.encode(prepared.input);
    const roundTrip = verifyRoundTrip(sample, prepared.decode(bytes), prepared.semantics ? { semantics: prepared.semantics } : {});
    rows.push({ codec, bytes, roundTrip, notes: prepared.notes.join('\n') });
  }
  return rows;
}

test('a list of Item fills the one repeated field of Items', async () => {
  for (const row of await encodeBoth(items)) {
    assert.ok(['exact', 'equivalent'].includes(row.roundTrip.status), `${row.codec}: ${JSON.stringify(row.roundTrip)}`);
    assert.match(row.notes, /the sample is a list of values: encoded as the (repeated|array) field items of (message|record) Items, its only field/, row.codec);
  }
});

test('a list of Items records (as generated from the schema) is a list of Items, each record read back whole', async () => {
  const records = [{ items }, { items: items.slice(1) }, { items: [] }];
  for (const row of await encodeBoth(records)) {
    assert.ok(['exact', 'equivalent'].includes(row.roundTrip.status), `${row.codec}: ${JSON.stringify(row.roundTrip)}`);
    assert.match(row.notes, /the sample is a list of Items/, row.codec);
    assert.doesNotMatch(row.notes, /its only field/, row.codec);
  }
});
