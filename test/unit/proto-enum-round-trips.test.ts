/**
 * Enums in a given .proto, through every protobuf row with the real libraries and generators:
 * proto3 writes no default, so a key holding the enum's first value reads back absent (the same
 * message: equivalent, named 'default not written'); ts-proto and protobuf-ts decode enums as
 * their numbers (the same value: equivalent, the remnants show the type change). A wrong value
 * is still lossy. The generated rows are skipped, saying what to install, where a tool is missing.
 */
import '../support/in-process-generated-code';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { verifyRoundTrip } from '../../src/analysis/verify';
import { detectRemnants } from '../../src/analysis/remnants';
import { prepareCodec, type PreparedCodec } from '../../src/codecs/codec';
import { loadCodec } from '../../src/codecs/load-codec';
import { findBuiltinCodec } from '../../src/codecs/registry';
import { findToolSpec } from '../../src/codegen/tool-registry';
import { protoFieldFacts } from '../../src/schema/proto-defaults';
import { protobuf } from '../../src/codecs/protobufjs-runtime';
import type { ProvidedSchema } from '../../src/shared/codec-job';
import { missingTools } from '../support/codegen-tools';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-proto-enums-'));
const source = 'syntax = "proto3";\nenum Suit { SPADES = 0; HEARTS = 1; }\nmessage Card { Suit suit = 1; int32 rank = 2; repeated Suit seen = 3; }\n';
const schema: ProvidedSchema = { kind: 'proto', source, path: 'card.proto', typeName: 'Card' };
const cards = [
  { suit: 'HEARTS', rank: 3, seen: ['SPADES', 'HEARTS'] },
  { suit: 'SPADES', rank: 5, seen: [] },
];

function judged(prepared: PreparedCodec, sample: unknown) {
  const decoded = prepared.decode(prepared.encode(prepared.input).slice());
  const rules = {
    ...(prepared.semantics ? { semantics: prepared.semantics } : {}),
    ...(prepared.schemaDefault ? { schemaDefault: prepared.schemaDefault } : {}),
    ...(prepared.schemaEnum ? { schemaEnum: prepared.schemaEnum } : {}),
  };
  return { roundTrip: verifyRoundTrip(sample, decoded, rules), remnants: detectRemnants(sample, decoded, rules) };
}

for (const id of ['protobufjs', 'bufbuild', 'ts-proto', 'protobuf-ts', 'google-protobuf']) {
  test(`${id}: an enum at its default left unwritten, and enums as numbers, are the same message`, async (t) => {
    const tools = findBuiltinCodec(id)!.tools ?? [];
    const missing = tools.length > 0 ? await missingTools(tools.map((tool) => findToolSpec(tool)!)) : undefined;
    if (missing) return t.skip(missing);
    const { module } = await loadCodec({ builtin: id });
    const { roundTrip, remnants } = judged(await prepareCodec(module, cards, { schema, codegen: { cacheDir } }), cards);
    assert.equal(roundTrip.status === 'exact' || roundTrip.status === 'equivalent', true, `${id}: ${JSON.stringify(roundTrip.differences)}`);
    const unwritten = remnants.find((remnant) => remnant.path === '$[*].suit' && remnant.kind === 'missing-key');
    if (unwritten) assert.match(unwritten.detail, /proto3 writes no default \(was "SPADES"\)/);
  });
}

test("the enum facts follow the sample's paths: a default and the values of a field, of a list's elements, not of the list", () => {
  const type = protobuf.parse(source, { keepCase: true }).root.lookupType('Card');
  const facts = protoFieldFacts(type);
  assert.deepEqual(facts.schemaDefault(['suit']), { value: 'SPADES' });
  assert.equal(facts.schemaDefault(['rank']), undefined);
  assert.deepEqual({ ...facts.schemaEnum(['seen', 0]) }, { SPADES: 0, HEARTS: 1 });
  assert.equal(facts.schemaEnum(['seen']), undefined);
  // A wrong number is still a loss; a name decoded as its own number is not.
  const rules = { semantics: { implicitDefaults: true }, ...facts };
  assert.equal(verifyRoundTrip({ suit: 'HEARTS' }, { suit: 1 }, rules).status, 'equivalent');
  assert.equal(verifyRoundTrip({ suit: 'HEARTS' }, { suit: 0 }, rules).status, 'lossy');
  assert.equal(verifyRoundTrip({ suit: 'SPADES', rank: 1 }, { rank: 1 }, rules).status, 'equivalent');
  assert.equal(verifyRoundTrip({ suit: 'HEARTS', rank: 1 }, { rank: 1 }, rules).status, 'lossy');
});

// proto2 declares defaults of its own: google-protobuf's toObject() gives them for keys the sample left out.
const proto2 =
  'syntax = "proto2";\nmessage Knob {\n  optional bool on = 1 [default = true];\n  optional int32 level = 2 [default = 150];\n' +
  '  optional int64 big = 3 [default = -7];\n  optional string name = 4;\n  optional uint64 id = 5;\n}\n';

test("proto2's declared defaults are facts of the field: bool, int32, int64, none where none is declared", () => {
  const facts = protoFieldFacts(protobuf.parse(proto2, { keepCase: true }).root.lookupType('Knob'));
  assert.deepEqual(facts.schemaDefault(['on']), { value: true });
  assert.deepEqual(facts.schemaDefault(['level']), { value: 150 });
  assert.deepEqual(facts.schemaDefault(['big']), { value: -7 });
  assert.equal(facts.schemaDefault(['name']), undefined);
  const rules = { semantics: { filledDefaults: true }, ...facts };
  assert.equal(verifyRoundTrip({ name: 'a' }, { name: 'a', on: true, level: 150 }, rules).status, 'equivalent');
  // Another value than the declared one is not a default filled in.
  assert.equal(verifyRoundTrip({ name: 'a' }, { name: 'a', level: 151 }, rules).status, 'lossy');
});

test("google-protobuf: the declared defaults it fills in are named as the schema's, and a uint64 it rounds says both values", async (t) => {
  const missing = await missingTools((findBuiltinCodec('google-protobuf')!.tools ?? []).map((tool) => findToolSpec(tool)!));
  if (missing) return t.skip(missing);
  const { module } = await loadCodec({ builtin: 'google-protobuf' });
  const knobs = [
    { name: 'a', id: '9007199254740993' },
    { name: 'b', on: false, id: '12' },
  ];
  const knobSchema: ProvidedSchema = { kind: 'proto', source: proto2, path: 'knob.proto', typeName: 'Knob' };
  const { roundTrip, remnants } = judged(await prepareCodec(module, knobs, { schema: knobSchema, codegen: { cacheDir } }), knobs);
  // The filled defaults are the same message; the rounded id is a loss of the library's, with both values.
  assert.equal(roundTrip.status, 'lossy', JSON.stringify(roundTrip.differences));
  assert.deepEqual(roundTrip.differences, [
    {
      path: '$[0].id',
      kind: 'precision',
      detail: 'expected 9007199254740993, got the number 9007199254740992 (a JavaScript number holds integers exactly only up to 2^53)',
    },
  ]);
  const filled = remnants.filter((remnant) => remnant.kind === 'extra-key').map((remnant) => remnant.path);
  assert.ok(filled.includes('$[*].on') && filled.includes('$[*].level') && filled.includes('$[*].big'), JSON.stringify(remnants));
  assert.match(remnants.find((remnant) => remnant.path === '$[*].level')!.detail, /the schema's default filled in \(number 150\)/);
  assert.ok(
    remnants.some((remnant) => remnant.kind === 'precision' && remnant.path === '$[*].id'),
    JSON.stringify(remnants),
  );
});
