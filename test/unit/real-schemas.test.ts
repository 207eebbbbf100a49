/**
 * The formats' own schemas and data (protobuf's unittest_proto3 and benchmark messages, Avro's
 * interop schemas: test/fixtures/real-schemas), samples in each format's JSON form: every row
 * that completes writes the reference tool's bytes (protoc / python-protobuf, python-avro:
 * reference/SHA256SUMS) and reads back an exact or equivalent value; a sample that does not
 * meet the schema is refused with the key and the names the schema has. The generated-code rows
 * (google-protobuf, ts-proto, protobuf-ts) write protoc's bytes too, or are skipped with a fact of
 * their library; google-protobuf's rounding of 64-bit values beyond 2^53 is the one difference.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { verifyRoundTrip } from '../../src/analysis/verify';
import * as os from 'node:os';
import { prepareCodec, UnsupportedSampleError, type PrepareContext } from '../../src/codecs/codec';
import { findBuiltinCodec } from '../../src/codecs/registry';
import { findToolSpec } from '../../src/codegen/tool-registry';
import { missingTools } from '../support/codegen-tools';
import { loadCodec } from '../../src/codecs/load-codec';
import { providedSchemaFrom } from '../../src/cli/schema-options';
import { main } from '../../src/cli/main';
import type { ProvidedSchema } from '../../src/shared/codec-job';
import '../support/in-process-generated-code';
import { noteText } from '../../src/shared/row-facts-text';

const folder = path.resolve(__dirname, '..', 'fixtures', 'real-schemas');
const protoFolder = path.join(folder, 'protobuf');
const references = new Map(
  fs
    .readFileSync(path.join(folder, 'reference', 'SHA256SUMS'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [sum, file] = line.split(/\s+/);
      return [file!.replace(/\.bin$/, ''), sum!] as const;
    }),
);
const sampleOf = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(folder, 'samples', `${name}.json`), 'utf8'));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const PROTO_CASES = [
  { sample: 'test-all-types', file: 'google/protobuf/unittest_proto3.proto', type: 'proto3_unittest.TestAllTypes' },
  { sample: 'google-message1', file: 'benchmark_message1_proto3.proto' },
  { sample: 'google-message2', file: 'benchmark_message2.proto' },
];
const AVRO_CASES = [
  { sample: 'interop', file: 'interop.avsc' },
  { sample: 'weather', file: 'weather.avsc' },
  { sample: 'record-with-required-fields', file: 'RecordWithRequiredFields.avsc' },
];

async function protoSchema(file: string, type?: string, extra: Partial<ProvidedSchema> = {}): Promise<ProvidedSchema> {
  const schema = await providedSchemaFrom({ proto: path.join(protoFolder, file), 'proto-path': [protoFolder], ...(type ? { type } : {}) });
  return { ...schema!, ...extra };
}

/** The row's bytes and its round trip, or the reason it skips. */
async function run(codec: string, sample: unknown, context: PrepareContext) {
  const { module } = await loadCodec({ builtin: codec });
  try {
    const prepared = module.prepare(sample, context);
    const bytes = prepared.encode(prepared.input);
    const roundTrip = verifyRoundTrip(sample, prepared.decode(bytes), prepared.semantics ? { semantics: prepared.semantics } : {});
    return { bytes, roundTrip, notes: prepared.notes };
  } catch (error) {
    if (error instanceof UnsupportedSampleError) return { skipped: error.message };
    throw error;
  }
}

for (const { sample, file, type } of PROTO_CASES) {
  for (const codec of ['protobufjs', 'protobufjs-fromobject', 'bufbuild']) {
    test(`${codec} on ${sample}: protoc's bytes, and the same message back`, async () => {
      const result = await run(codec, sampleOf(sample), { schema: await protoSchema(file, type) });
      assert.ok('bytes' in result, `skipped: ${result.skipped}`);
      assert.equal(sha256(result.bytes!), references.get(sample));
      assert.ok(['exact', 'equivalent'].includes(result.roundTrip!.status), JSON.stringify(result.roundTrip));
    });
  }
}

for (const { sample, file } of AVRO_CASES) {
  test(`avsc and avro-js on ${sample}: python-avro's bytes, or a reason about avro-js`, async () => {
    const schema = await providedSchemaFrom({ avsc: [path.join(folder, 'avro', file)] });
    for (const codec of ['avsc', 'avro-js']) {
      const result = await run(codec, sampleOf(sample), { schema: schema! });
      if ('skipped' in result) {
        assert.equal(codec, 'avro-js');
        assert.match(result.skipped!, /avro-js (takes|has no)/);
        continue;
      }
      assert.equal(sha256(result.bytes!), references.get(sample), codec);
      assert.ok(['exact', 'equivalent'].includes(result.roundTrip!.status), `${codec}: ${JSON.stringify(result.roundTrip)}`);
    }
  });
}

test('a key the message lacks refuses the row, naming the key and the fields by every name they take', async () => {
  const schema = await protoSchema('google/protobuf/unittest_proto3.proto', 'proto3_unittest.TestAllTypes');
  const sample = { optionalInt32: 1, nested: { bb: 2 }, no_such_field: true, '[proto3_unittest.extension_int32]': 3 };
  const { module } = await loadCodec({ builtin: 'protobufjs' });
  assert.throws(
    () => module.prepare(sample, { schema }),
    (error: Error) => {
      assert.match(error.message, /\$\.nested is a key the schema does not know/);
      assert.match(error.message, /optional_int32 \(also optionalInt32\)/);
      assert.match(error.message, /--drop-unknown-keys/);
      return true;
    },
  );
});

test('with drop unknown keys, such keys are left out and listed; the rest is written as protoc writes it', async () => {
  const schema = await protoSchema('google/protobuf/unittest_proto3.proto', 'proto3_unittest.TestAllTypes', { dropUnknownKeys: true });
  const sample = { ...(sampleOf('test-all-types') as object), no_such_field: 1, '[proto3_unittest.extension_int32]': 3 };
  const result = await run('protobufjs', sample, { schema });
  assert.ok('bytes' in result);
  assert.equal(sha256(result.bytes!), references.get('test-all-types'));
  assert.ok(
    result.notes!.map(noteText).some((note) => note.includes('$.no_such_field') && note.includes('$["[proto3_unittest.extension_int32]"]')),
    result.notes!.map(noteText).join('\n'),
  );
  // A fact with its figures, worded at the edge.
  assert.ok(
    result.notes!.some(
      (note) => typeof note !== 'string' && note.code === 'unknown-keys-dropped' && note.count === 2 && note.paths.includes('$.no_such_field'),
    ),
    JSON.stringify(result.notes),
  );
  assert.equal(result.roundTrip!.status, 'lossy');
});

test("a proto2 group is read by protoc's JSON name for it", async () => {
  const schema = {
    ...(await providedSchemaFrom({
      proto: path.resolve(__dirname, '..', 'fixtures', 'conformance', 'test_messages_proto2.proto'),
      type: 'protobuf_test_messages.proto2.TestAllTypesProto2',
    }))!,
  };
  const result = await run('protobufjs', { optionalInt32: 5, multiwordgroupfield: { groupInt32: 7 } }, { schema });
  assert.ok('bytes' in result, `skipped: ${result.skipped}`);
  // field 1 = 5; group 204 (start 0xe3 0x0c) holding field 205 = 7; group end (0xe4 0x0c).
  assert.deepEqual([...result.bytes!], [0x08, 0x05, 0xe3, 0x0c, 0xe8, 0x0c, 0x07, 0xe4, 0x0c]);
});

test('a 64-bit integer given as a number beyond 2^53 is written, with a warning that JSON.parse rounded it', async () => {
  const schema = await protoSchema('benchmark_message1_proto3.proto');
  const result = await run('protobufjs', { field1: 'a', field22: 2813090458170031956 }, { schema });
  assert.ok('bytes' in result);
  assert.ok(
    result.notes!.map(noteText).some((note) => note.includes('$.field22') && /2\^53/.test(note)),
    result.notes!.map(noteText).join('\n'),
  );
  assert.ok(
    result.notes!.some((note) => typeof note !== 'string' && note.code === 'unsafe-64-bit-numbers' && note.count === 1 && note.paths[0] === '$.field22'),
    JSON.stringify(result.notes),
  );
});

test("a sample that fits none of the message's fields names the message that has them", async () => {
  const schema = await protoSchema('google/protobuf/unittest_proto3.proto', 'proto3_unittest.ForeignMessage');
  const { module } = await loadCodec({ builtin: 'protobufjs' });
  assert.throws(
    () => module.prepare({ optionalInt32: 1, repeatedString: ['a'] }, { schema }),
    /message proto3_unittest\.TestAllTypes has 2 of its 2[^]*--type proto3_unittest\.TestAllTypes/,
  );
});

test('the .proto inferred from a root array, with its default message, encodes the records as its own inference does', async () => {
  const records = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'schemas', 'events.json'), 'utf8')) as unknown[]).slice(0, 20);
  const inferred = await run('protobufjs', records, {});
  const source = (await loadCodec({ builtin: 'protobufjs' })).module.prepare(records, {}).schemaText!;
  const schema: ProvidedSchema = { kind: 'proto', source };
  for (const codec of ['protobufjs', 'bufbuild', 'avsc']) {
    const provided = await run(codec, records, { schema });
    assert.ok('bytes' in provided, `${codec} skipped: ${provided.skipped}`);
    assert.ok(['exact', 'equivalent'].includes(provided.roundTrip!.status), `${codec}: ${JSON.stringify(provided.roundTrip)}`);
    if (codec !== 'avsc') assert.equal(sha256(provided.bytes!), sha256((inferred as { bytes: Uint8Array }).bytes), codec);
  }
});

/** test-all-types without its 64-bit fields (beyond 2^53 there), as rows without BigInts can write it. */
function allTypesWithin53Bits(): Record<string, unknown> {
  return Object.fromEntries(Object.entries(sampleOf('test-all-types') as Record<string, unknown>).filter(([key]) => !/64/.test(key)));
}

test("a proto3 JSON sample through the rows of other formats: read by the .proto's JSON names and forms, the same message back", async () => {
  const schema = await protoSchema('google/protobuf/unittest_proto3.proto', 'proto3_unittest.TestAllTypes');
  const sample = allTypesWithin53Bits();
  // JSON names, enums by name, base64 bytes, a oneof member, defaults left out: all proto3 JSON.
  assert.ok('optionalNestedEnum' in sample && 'optionalBytes' in sample && !('optionalInt64' in sample));
  for (const codec of ['avsc', 'js-binary']) {
    const result = await run(codec, sample, { schema });
    assert.ok('bytes' in result, `${codec} skipped: ${result.skipped}`);
    assert.equal(result.roundTrip!.status, 'equivalent', `${codec}: ${JSON.stringify(result.roundTrip)}`);
    assert.ok(
      result.notes!.map(noteText).some((note) => /read as proto3 JSON/.test(note)),
      result.notes!.map(noteText).join('\n'),
    );
  }
  // avro-js takes bytes as Buffers: its reason, at the sample's key.
  const avroJs = await run('avro-js', sample, { schema });
  assert.match((avroJs as { skipped: string }).skipped, /avro-js takes bytes and fixed values as Buffers/);
});

test('64-bit integers beyond 2^53 stay exact in avsc (BigInt longs); rows that write numbers say why they do not run', async () => {
  const schema = await protoSchema('benchmark_message1_proto3.proto');
  const sample = sampleOf('google-message1') as { field15: { field21: string } };
  assert.equal(sample.field15.field21, '2813090458170031956');
  const { module } = await loadCodec({ builtin: 'avsc' });
  const prepared = module.prepare(sample, { schema });
  const decoded = prepared.decode(prepared.encode(prepared.input)) as { field15: { field21: unknown } };
  assert.equal(decoded.field15.field21, 2813090458170031956n);
  const roundTrip = verifyRoundTrip(sample, decoded, { semantics: prepared.semantics! });
  assert.equal(roundTrip.status, 'equivalent', JSON.stringify(roundTrip));
  for (const codec of ['avro-js', 'js-binary']) {
    const result = await run(codec, sample, { schema });
    assert.ok('skipped' in result, codec);
    assert.match(result.skipped!, /beyond 2\^53 \(exact, as proto3 JSON text\) at \$\.field15\.field21; .* would round them/, codec);
  }
  // uint64 beyond 2^63 is more than the Avro long derived for it holds: not run, with the path.
  const allTypes = await protoSchema('google/protobuf/unittest_proto3.proto', 'proto3_unittest.TestAllTypes');
  for (const codec of ['avsc', 'js-binary']) {
    const beyond = await run(codec, { optionalInt32: 1, repeatedUint64: ['1', '18446744073709551615'] }, { schema: allTypes });
    assert.match(
      (beyond as { skipped: string }).skipped,
      /uint64 values beyond 2\^63 − 1 at \$\.repeatedUint64\[1\], which the Avro schema derived from the \.proto types as long/,
      codec,
    );
  }
});

test("pbf judges a .proto's round trip by proto3's rules: absent fields read as zero are the same message", async () => {
  const schema = await protoSchema('benchmark_message1_proto3.proto');
  const sample = { field1: 'a', field2: 3, field15: { field1: 4 } };
  const result = await run('pbf', sample, { schema });
  assert.ok('bytes' in result, `skipped: ${result.skipped}`);
  assert.equal(result.roundTrip!.status, 'equivalent', JSON.stringify(result.roundTrip));
});

test("pbf on weather.avsc's records: the case names it writes for proto3 optional fields (_station: 'station') are not data", async () => {
  const schema = await providedSchemaFrom({ avsc: [path.join(folder, 'avro', 'weather.avsc')] });
  const result = await run('pbf', sampleOf('weather'), { schema: schema! });
  assert.ok('bytes' in result, `skipped: ${result.skipped}`);
  assert.equal(result.roundTrip!.status, 'equivalent', JSON.stringify(result.roundTrip));
});

/** What each generated-code row does with each case, and why where it does not run: facts of the libraries. */
const GENERATED_OUTCOMES: Record<string, Record<string, RegExp | 'runs'>> = {
  'test-all-types': {
    'google-protobuf': /does not support import public \(protocolbuffers\/protobuf-javascript#55\)/,
    'ts-proto': /reads 64-bit integers as JavaScript numbers, and the sample has one beyond ±2\^53/,
    'protobuf-ts': 'runs',
  },
  'google-message1': {
    'google-protobuf': 'runs',
    'ts-proto': /reads 64-bit integers as JavaScript numbers/,
    'protobuf-ts': 'runs',
  },
  'google-message2': {
    'google-protobuf': 'runs',
    'ts-proto': /reads 64-bit integers as JavaScript numbers/,
    'protobuf-ts': /protobuf-ts generates no field for a proto2 group \(GoogleMessage2\.group1, at \$\.group1\)/,
  },
};

for (const { sample, file, type } of PROTO_CASES) {
  test(`the generated-code rows on ${sample}: protoc's bytes, or a reason that is the library's`, async (t) => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-real-generated-'));
    for (const [codec, outcome] of Object.entries(GENERATED_OUTCOMES[sample]!)) {
      const tools = (findBuiltinCodec(codec)!.tools ?? []).map((tool) => findToolSpec(tool)!);
      const missing = await missingTools(tools);
      if (missing) {
        t.diagnostic(`${codec}: ${missing}`);
        continue;
      }
      const { module } = await loadCodec({ builtin: codec });
      const attempt = prepareCodec(module, sampleOf(sample), { schema: await protoSchema(file, type), codegen: { cacheDir } });
      if (outcome !== 'runs') {
        await assert.rejects(attempt, (error: unknown) => error instanceof UnsupportedSampleError && outcome.test(error.message), codec);
        continue;
      }
      const prepared = await attempt;
      const bytes = prepared.encode(prepared.input);
      if (codec === 'google-protobuf' && sha256(bytes) !== references.get(sample)) {
        // google-protobuf holds 64-bit fields as JavaScript numbers: beyond 2^53 it writes the rounded
        // value (its interop check names those fields). Read by protobufjs, nothing else differs.
        const { module: protobufjs } = await loadCodec({ builtin: 'protobufjs' });
        const reader = protobufjs.prepare(sampleOf(sample), { schema: await protoSchema(file, type) });
        const read = verifyRoundTrip(sampleOf(sample), reader.decode(bytes), reader.semantics ? { semantics: reader.semantics } : {});
        assert.ok(read.differences.length > 0, codec);
        for (const difference of read.differences) {
          const expected = /^expected "?(-?\d+)"?,/.exec(difference.detail)?.[1];
          assert.ok(expected !== undefined && (BigInt(expected) > 2n ** 53n || BigInt(expected) < -(2n ** 53n)), `${codec}: ${JSON.stringify(difference)}`);
        }
      } else assert.equal(sha256(bytes), references.get(sample), codec);
      const rules = {
        ...(prepared.semantics ? { semantics: prepared.semantics } : {}),
        ...(prepared.schemaDefault ? { schemaDefault: prepared.schemaDefault } : {}),
        ...(prepared.schemaEnum ? { schemaEnum: prepared.schemaEnum } : {}),
      };
      const roundTrip = verifyRoundTrip(sampleOf(sample), prepared.decode(bytes), rules);
      // google-protobuf reads 64-bit fields as JavaScript numbers: beyond 2^53 that is a loss of the library's, said with both values.
      const losses = roundTrip.differences.filter(
        (difference) => !(codec === 'google-protobuf' && difference.kind === 'precision' && /got the number/.test(difference.detail)),
      );
      assert.deepEqual(losses, [], `${codec}: ${JSON.stringify(losses.slice(0, 3))}`);
    }
  });
}

test('every command prints its help and exits 0 on --help', async () => {
  const write = process.stdout.write;
  let printed = '';
  process.stdout.write = ((chunk: string) => ((printed += chunk), true)) as typeof process.stdout.write;
  try {
    for (const command of ['compare', 'messages', 'codecs', 'sweep', 'probe', 'schema', 'evolve']) {
      printed = '';
      assert.equal(await main([command, '--help']), 0, command);
      assert.match(printed, new RegExp(`Usage: payload-lab ${command}`), command);
    }
  } finally {
    process.stdout.write = write;
  }
});
