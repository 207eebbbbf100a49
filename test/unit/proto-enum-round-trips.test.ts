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
import { protoEnumFacts } from '../../src/schema/proto-defaults';
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
  const facts = protoEnumFacts(type);
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
