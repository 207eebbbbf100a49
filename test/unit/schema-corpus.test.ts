/**
 * The schema corpus: Protobuf's conformance test messages (proto2, proto3, editions 2023) and
 * Avro schemas covering every logical type and cross-file references. For each message type or
 * schema, over several seeds: generate → fit → encode with every codec → round trip.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as protobuf from 'protobufjs';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { UnsupportedSampleError } from '../../src/codecs/codec';
import { loadCodec } from '../../src/codecs/load-codec';
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../../src/codecs/registry';
import { collectAvroReferences } from '../../src/schema/avro-references';
import { generateFromSchema } from '../../src/schema/generate-sample';
import { loadProtoSchema } from '../../src/schema/load-proto';
import { SchemaInputError } from '../../src/schema/schema-problem';
import type { Difference } from '../../src/shared/results';
import type { ProvidedSchema } from '../../src/shared/codec-job';
const repoRoot = path.resolve(__dirname, '..', '..');

const SEEDS = [1, 7, 42];
const RECORDS = 12;
const conformance = path.join(repoRoot, 'test', 'fixtures', 'conformance');
const avroFolder = path.join(repoRoot, 'test', 'fixtures', 'avro');
const PROTO_FILES = ['test_messages_proto2.proto', 'test_messages_proto3.proto', 'test_messages_edition2023.proto'];
/** proto2 messages whose required fields require each other: no finite record exists. */
const NO_FINITE_RECORD = /TestAllRequiredTypesProto2(\.NestedMessage)?$/;

/**
 * Between formats, "absent" and "null" are one thing said two ways: a protobuf field with
 * presence is left out where the derived Avro schema writes null, and the other way round.
 */
const isNullForAbsent = (difference: Difference) =>
  difference.kind === 'null-added' || (difference.kind === 'missing-key' && /was null/.test(difference.detail));

/**
 * A plain proto3 field whose enum has only a zero value (NullValue) is never sent, so the
 * generated record leaves it out; the derived Avro schema reads the missing value as its
 * default, as proto3 would. Names of such fields, to tell that apart from a real extra key.
 */
function zeroOnlyFields(schema: ProvidedSchema): Set<string> {
  const names = new Set<string>();
  if (schema.kind !== 'proto') return names;
  const loaded = loadProtoSchema(schema.source, { path: schema.path! });
  if (!loaded.ok) return names;
  for (const typeName of loaded.messageTypes) {
    for (const field of loaded.root.lookupType(typeName).fieldsArray) {
      field.resolve();
      const target = field.resolvedType;
      if (target instanceof protobuf.Enum && Object.values(target.values).every((value) => value === 0)) names.add(field.name);
    }
  }
  return names;
}

async function roundTrips(schema: ProvidedSchema, sample: unknown, what: string): Promise<void> {
  const zeroOnly = zeroOnlyFields(schema);
  const isZeroDefault = (difference: Difference) => difference.kind === 'extra-key' && zeroOnly.has(difference.path.split('.').at(-1)!);
  // The seven default codecs: the others' limits on these schemas (pbf and @bufbuild without
  // fromObject conversions, avro-js without logical types) are rows of their own, not asserted here.
  for (const descriptor of builtinCodecs.filter((codec) => DEFAULT_CODEC_IDS.includes(codec.id))) {
    const { module } = await loadCodec({ builtin: descriptor.id });
    const provided = descriptor.id === (schema.kind === 'proto' ? 'protobufjs' : 'avsc');
    const derived = !provided && descriptor.needsSchema;
    let prepared;
    try {
      prepared = module.prepare(sample, { schema });
    } catch (error) {
      // The derived format may be unable to hold the data; that is a skipped row with a reason.
      assert.ok(derived && error instanceof UnsupportedSampleError, `${what}: ${descriptor.id} failed to prepare: ${(error as Error).message}`);
      assert.ok((error as Error).message.length > 20, `${what}: ${descriptor.id} skipped without a reason`);
      continue;
    }
    const decoded = prepared.decode(prepared.encode(prepared.input));
    const roundTrip = verifyRoundTrip(sample, decoded, { maxDifferences: 1000 });
    if (roundTrip.status === 'exact' || roundTrip.status === 'equivalent') continue;
    // The schema's own codec round-trips exactly or equivalently (protobufjs' int64 Longs
    // hold the same values: equivalent, with the type change as a remnant).
    assert.ok(derived, `${what}: ${descriptor.id} round trip is ${roundTrip.status}: ${JSON.stringify(roundTrip.differences.slice(0, 3))}`);
    const allowed = (difference: Difference) => isNullForAbsent(difference) || isZeroDefault(difference);
    const unexpected = roundTrip.differences.filter((difference) => !allowed(difference));
    assert.deepEqual(unexpected, [], `${what}: ${descriptor.id} round trip is ${roundTrip.status}`);
  }
}

for (const file of PROTO_FILES) {
  const source = fs.readFileSync(path.join(conformance, file), 'utf8');
  const loaded = loadProtoSchema(source, { path: file });
  test(`${file} loads with its well-known-type imports and no setting`, () => {
    assert.ok(loaded.ok, loaded.ok ? '' : loaded.error.message);
  });
  if (!loaded.ok) continue;
  test(`every message type of ${file}: generated records fit and round-trip with every codec, seeds ${SEEDS.join(', ')}`, async () => {
    for (const typeName of loaded.messageTypes) {
      const schema: ProvidedSchema = { kind: 'proto', source, path: file, typeName };
      for (const seed of SEEDS) {
        if (NO_FINITE_RECORD.test(typeName)) {
          assert.throws(
            () => generateFromSchema(schema, { count: 1, seed }),
            (error: unknown) =>
              error instanceof SchemaInputError && error.path === file && error.problem.line > 1 && /no finite record fits it/.test(error.problem.message),
          );
          continue;
        }
        const sample = JSON.parse(JSON.stringify(generateFromSchema(schema, { count: RECORDS, seed }).records)) as unknown;
        await roundTrips(schema, sample, `${typeName} seed ${seed}`);
      }
    }
  });
}

for (const [file, typeName] of [
  ['test_messages_proto2.proto', 'protobuf_test_messages.proto2.TestAllTypesProto2'],
  ['test_messages_proto3.proto', 'protobuf_test_messages.proto3.TestAllTypesProto3'],
  ['test_messages_edition2023.proto', 'protobuf_test_messages.editions.TestAllTypesEdition2023'],
] as const) {
  test(`50 generated ${typeName.split('.').at(-1)} records stay under 1 MB of JSON, 4 KB median per record`, () => {
    const schema: ProvidedSchema = { kind: 'proto', source: fs.readFileSync(path.join(conformance, file), 'utf8'), path: file, typeName };
    const { records, description } = generateFromSchema(schema, { count: 50, seed: 1 });
    const sizes = records.map((record) => JSON.stringify(record).length).sort((a, b) => a - b);
    assert.ok(JSON.stringify(records).length < 1_000_000, `${JSON.stringify(records).length} characters`);
    assert.ok(sizes[25]! <= 4096, `median ${sizes[25]} characters per record`);
    assert.match(description, /depth ≤ 3, ≤ 4 KB per record/);
  });
}

test('every Avro corpus schema: generated records fit and round-trip with every codec, seeds 1, 7, 42', async () => {
  const files = fs.readdirSync(avroFolder).map((name) => path.join(avroFolder, name));
  const schemaFiles = files.filter((file) => /\.(avsc|avpr|avdl)$/.test(file));
  assert.ok(schemaFiles.length >= 6);
  for (const file of schemaFiles) {
    const source = fs.readFileSync(file, 'utf8');
    const imports = await collectAvroReferences(file, source, [], files, async (name) => fs.readFileSync(name, 'utf8'));
    const schema: ProvidedSchema = { kind: 'avsc', source, path: file, imports };
    for (const seed of SEEDS) {
      const sample = JSON.parse(JSON.stringify(generateFromSchema(schema, { count: RECORDS, seed }).records)) as unknown;
      await roundTrips(schema, sample, `${path.basename(file)} seed ${seed}`);
    }
  }
});
