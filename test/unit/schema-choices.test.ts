import { test } from 'node:test';
import assert from 'node:assert/strict';
import { avroRootName, generatedSampleName, orderMessageTypes, schemaKindOf } from '../../src/commands/schema-choices';
import { runSampleName } from '../../src/host/sample-source';

test('schemaKindOf tells .proto and .avsc files apart, in any case', () => {
  assert.equal(schemaKindOf('/w/Items.proto'), 'proto');
  assert.equal(schemaKindOf('/w/Items.AVSC'), 'avsc');
  // Avro protocols and IDL hold Avro schemas too: the same flow, with a type to pick.
  assert.equal(schemaKindOf('/w/Shop.avpr'), 'avsc');
  assert.equal(schemaKindOf('/w/Shop.avdl'), 'avsc');
});

test('schemaKindOf leaves JSON samples and other files alone', () => {
  assert.equal(schemaKindOf('/w/orders.json'), undefined);
  assert.equal(schemaKindOf('/w/proto.txt'), undefined);
});

test('orderMessageTypes puts the default type first, marked, then the rest in file order', () => {
  assert.deepEqual(orderMessageTypes(['Item', 'Items', 'Other'], 'Items'), [
    { typeName: 'Items', isDefault: true },
    { typeName: 'Item', isDefault: false },
    { typeName: 'Other', isDefault: false },
  ]);
});

test('orderMessageTypes keeps file order when the default is not among the types', () => {
  assert.deepEqual(orderMessageTypes(['A', 'B'], undefined).map((choice) => choice.typeName), ['A', 'B']);
});

test('generatedSampleName says count, root type and seed', () => {
  assert.equal(generatedSampleName(1000, 'Items', 1), '1000 records generated from Items (seed 1)');
  assert.equal(generatedSampleName(1, 'Items', 7), '1 record generated from Items (seed 7)');
});

test('avroRootName is the schema name, else the file name without extension', () => {
  assert.equal(avroRootName('{"type":"record","name":"Items","fields":[]}', '/w/x.avsc'), 'Items');
  assert.equal(avroRootName('{ broken', 'C:\\w\\Orders.avsc'), 'Orders');
});

test('runSampleName names the schema file next to the sample', () => {
  assert.equal(runSampleName('orders.json', { kind: 'proto', source: '', path: '/w/Items.proto' }), 'orders.json with Items.proto');
  assert.equal(runSampleName('orders.json', undefined), 'orders.json');
});
