/**
 * The one-pass MessagePack and CBOR byte counts against the inspector's annotators, which name
 * every range: the same five figures, to the byte, on encodings by the real libraries (the
 * codecs' own options and the libraries' defaults, with dates, binary, bigints and records), on
 * keys that are containers, and a fall back to the annotators where the count stops.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode as cborEncode, Encoder as CborEncoder } from 'cbor-x';
import { pack, Packr } from 'msgpackr';
import * as cborX from '../../src/codecs/cbor-x';
import * as msgpackr from '../../src/codecs/msgpackr';
import { attributeCborBytes, attributeMsgpackBytes } from '../../src/attribution/attribute-self-describing';
import { attributeAnnotated, attributeBytes } from '../../src/attribution/byte-attribution';
import { UnattributableError } from '../../src/attribution/attribution-totals';
import { variedDocuments } from '../fixtures/real-world/varied-documents';
import { fixture, repoRoot } from '../support/paths';

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const realWorld = readdirSync(fixture('real-world')).filter((name) => name.endsWith('.json'));
const SAMPLES: Array<[string, unknown]> = [
  ['tuples', read(join(repoRoot, 'schemas', 'tuples.json'))],
  ['events', read(join(repoRoot, 'schemas', 'events.json'))],
  ['varied documents', variedDocuments(40)],
  ...realWorld.map((name): [string, unknown] => [name, read(fixture('real-world', name))]),
];
/** What JSON cannot hold: dates (MessagePack's timestamp extension, CBOR's tag 1), binary, bigints, floats, an empty key. */
const RICH = {
  when: new Date(Date.UTC(2026, 10, 23, 18, 0, 0, 123)),
  old: new Date(-1e12),
  blob: new Uint8Array([1, 2, 3, 250]),
  big: 2n ** 63n - 1n,
  negative: -123_456_789_012,
  half: 0.5,
  pi: Math.PI,
  flags: [true, false, null],
  '': 'empty key',
  nested: {
    list: [
      [1, -1],
      ['a', 'é'],
    ],
    deep: { '': [] },
  },
};

function sameAsAnnotators(kind: 'msgpack' | 'cbor', bytes: Uint8Array, what: string): void {
  const counted = kind === 'msgpack' ? attributeMsgpackBytes(bytes) : attributeCborBytes(bytes);
  assert.deepEqual(counted, attributeAnnotated({ kind }, bytes), what);
}

test('MessagePack: the one-pass count equals the annotators’ on every sample, through the codec and with extensions', () => {
  for (const [name, sample] of SAMPLES) {
    const prepared = msgpackr.prepare(sample, {});
    sameAsAnnotators('msgpack', prepared.encode(prepared.input), `${name} (codec)`);
  }
  sameAsAnnotators('msgpack', pack(RICH), 'dates, binary, bigints');
  sameAsAnnotators('msgpack', new Packr({ useRecords: false, moreTypes: true }).pack({ items: [RICH, RICH] }), 'more types');
});

test('CBOR: the one-pass count equals the annotators’ on every sample, through the codec and with tags', () => {
  for (const [name, sample] of SAMPLES) {
    const prepared = cborX.prepare(sample, {});
    sameAsAnnotators('cbor', prepared.encode(prepared.input), `${name} (codec)`);
    sameAsAnnotators('cbor', new CborEncoder({ useRecords: true }).encode(sample), `${name} (records)`);
  }
  sameAsAnnotators('cbor', cborEncode(RICH), 'dates, binary, bigints');
});

test('keys that are containers count as keys, all of them, in both formats', () => {
  // {[1, 2]: "x"}: a map header, a key array of two integers, a one-byte string.
  const msgpack = Uint8Array.from([0x81, 0x92, 0x01, 0x02, 0xa1, 0x78]);
  assert.deepEqual(attributeMsgpackBytes(msgpack), { structure: 2, keys: 3, strings: 1, numbers: 0, other: 0 });
  sameAsAnnotators('msgpack', msgpack, 'an array key');
  const cbor = Uint8Array.from([0xa1, 0x82, 0x01, 0x02, 0x61, 0x78]);
  assert.deepEqual(attributeCborBytes(cbor), { structure: 2, keys: 3, strings: 1, numbers: 0, other: 0 });
  sameAsAnnotators('cbor', cbor, 'an array key');
});

/** The annotators' attribution, or undefined where they cannot follow the bytes either. */
function annotatedOrNone(kind: 'msgpack' | 'cbor', bytes: Uint8Array) {
  try {
    return attributeAnnotated({ kind }, bytes);
  } catch (error) {
    if (error instanceof UnattributableError) return undefined;
    throw error;
  }
}

test('what the count does not follow (CBOR indefinite lengths, cut bytes) is left to the annotators', () => {
  // [_ 1, 2] with a break: indefinite length.
  const indefinite = Uint8Array.from([0x9f, 0x01, 0x02, 0xff]);
  assert.throws(() => attributeCborBytes(indefinite), UnattributableError);
  assert.deepEqual(attributeBytes({ kind: 'cbor' }, indefinite), { structure: 2, keys: 0, strings: 0, numbers: 2, other: 0 });
  for (const cut of [pack({ name: 'a string cut short' }).subarray(0, 8), pack([1, 2, 3]).subarray(0, 3)]) {
    assert.throws(() => attributeMsgpackBytes(cut), UnattributableError);
    assert.deepEqual(attributeBytes({ kind: 'msgpack' }, cut), annotatedOrNone('msgpack', cut));
  }
});
