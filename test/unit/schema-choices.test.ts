import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  avroRootName,
  formatLanguageOf,
  formatSamplePick,
  generatedSampleName,
  orderMessageTypes,
  schemaKindOf,
  withFormatRow,
} from '../../src/commands/schema-choices';
import { derivedDocumentPlace, numberedFileNames, runSampleName } from '../../src/host/sample-source';

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

test("formatLanguageOf names the FlatBuffers, Cap'n Proto and Bebop schema files, in any case; schemaKindOf leaves them alone", () => {
  assert.deepEqual(['/w/Items.fbs', '/w/Items.Capnp', '/w/Items.BOP', '/w/Items.proto', '/w/fbs.json'].map(formatLanguageOf), [
    'fbs',
    'capnp',
    'bop',
    undefined,
    undefined,
  ]);
  assert.equal(schemaKindOf('/w/Items.fbs'), undefined);
});

test("withFormatRow adds the schema's own row to the run's codecs once", () => {
  assert.deepEqual(withFormatRow(['json', 'avsc'], 'fbs'), ['json', 'avsc', 'flatbuffers']);
  assert.deepEqual(withFormatRow(['capnp', 'json'], 'capnp'), ['capnp', 'json']);
  assert.deepEqual(withFormatRow([], 'bop'), ['bebop']);
});

test('orderMessageTypes puts the default type first, marked, then the rest in file order', () => {
  assert.deepEqual(orderMessageTypes(['Item', 'Items', 'Other'], 'Items'), [
    { typeName: 'Items', isDefault: true },
    { typeName: 'Item', isDefault: false },
    { typeName: 'Other', isDefault: false },
  ]);
});

test('orderMessageTypes keeps file order when the default is not among the types', () => {
  assert.deepEqual(
    orderMessageTypes(['A', 'B'], undefined).map((choice) => choice.typeName),
    ['A', 'B'],
  );
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
  assert.equal(runSampleName('tuples.json', { kind: 'capnp', path: '/w/Items.capnp' }), 'tuples.json with Items.capnp');
  assert.equal(runSampleName('orders.json', { kind: 'proto', source: '', path: '/w/Items.proto' }), 'orders.json with Items.proto');
  assert.equal(runSampleName('orders.json', undefined), 'orders.json');
});

test('derivedDocumentPlace proposes the sample name with the new extension, in the sample folder', () => {
  const file = { kind: 'file', name: 'issues.json', location: '/w/data/issues.json', path: '/w/data/issues.json' } as const;
  assert.deepEqual(derivedDocumentPlace(file, 'proto'), { folder: '/w/data', fileName: 'issues.proto' });
  assert.deepEqual(derivedDocumentPlace({ ...file, name: 'log.ndjson', path: '/w/log.ndjson' }, 'avsc'), { folder: '/w', fileName: 'log.avsc' });
  const untitled = { scheme: 'untitled', fsPath: 'Untitled-1', path: 'Untitled-1', toString: () => 'untitled:Untitled-1' };
  assert.deepEqual(
    derivedDocumentPlace({ kind: 'text', name: 'Untitled-1', location: 'untitled:Untitled-1', uri: untitled, text: '{}', sampleKind: 'json' }, 'proto'),
    { fileName: 'Untitled-1.proto' },
  );
  const generated = {
    kind: 'generated',
    name: '10 records generated from Items (seed 1)',
    location: '/w/Items.avsc (…)',
    bytes: new Uint8Array(),
    fileName: 'Items-10-records.json',
    folder: '/w',
  } as const;
  assert.deepEqual(derivedDocumentPlace(generated, 'json'), { folder: '/w', fileName: 'Items-10-records.json' });
});

test('numberedFileNames tries the name, then numbered copies before the extension', () => {
  const names = numberedFileNames('issues.proto');
  assert.deepEqual([names.next().value, names.next().value, names.next().value], ['issues.proto', 'issues-2.proto', 'issues-3.proto']);
  const bare = numberedFileNames('README');
  bare.next();
  assert.equal(bare.next().value, 'README-2');
});

test('the sample pick of a .bop says step 2 of 2 only after its root was picked, and names the root in plain words', () => {
  assert.deepEqual(formatSamplePick('capnp', 'Items', true), { step: ' (2/2)', placeHolder: "One Items value as JSON: its keys are the schema's field names" });
  assert.deepEqual(
    formatSamplePick('bop', 'Song', false),
    { step: '', placeHolder: "One Song value as JSON: its keys are the schema's field names" },
    'one root: no step 1 was shown',
  );
  // bebopc missing: the root is not known, nor was it asked.
  const missing = formatSamplePick('bop', undefined, false);
  assert.deepEqual(missing, { step: '', placeHolder: "A value of the schema's root struct or message as JSON: its keys are the schema's field names" });
  assert.doesNotMatch(missing.placeHolder, /One its/);
});
