import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode as cborEncode } from 'cbor-x';
import { pack } from 'msgpackr';
import { formatPath, formatSegment, type PathSegment } from '../../src/analysis/json-path';
import type { CodecModule, EncodingLayout, PrepareContext } from '../../src/codecs/codec';
import * as cborX from '../../src/codecs/cbor-x';
import * as msgpackr from '../../src/codecs/msgpackr';
import * as protobufjs from '../../src/codecs/protobufjs';
import { protobuf } from '../../src/codecs/protobufjs-runtime';
import { annotateCbor } from '../../src/attribution/annotate-cbor';
import { annotateEncoding } from '../../src/attribution/annotate-encoding';
import { annotateMsgpack } from '../../src/attribution/annotate-msgpack';
import { annotateProtobuf } from '../../src/attribution/annotate-protobuf';
import type { AnnotationPage } from '../../src/attribution/annotation-page';
import type { ByteAnnotation } from '../../src/shared/inspector';

const schemas = join(__dirname, '..', '..', 'schemas');
const tuples = JSON.parse(readFileSync(join(schemas, 'tuples.json'), 'utf8')) as { items: { x: number; y: number; z: number }[] };
const utf8 = new TextDecoder();
const ALL = Number.MAX_SAFE_INTEGER;

/** Keys that are field names, odd keys, every MessagePack/CBOR width that JSON reaches. */
const SAMPLE = {
  name: 'héllo wörld',
  'odd key': [1, -2, 300, 70000, 2 ** 40, -(2 ** 33), 1.5, true, false, null, 'x'],
  nested: { deep: { list: ['a', 'bb', ''] } },
  empty: {},
  none: [],
  long: 'y'.repeat(300),
  many: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i])),
};

/** What a proto3 schema inferred from the sample can hold: field-name keys, lists of one type. */
const PROTO_SAMPLE = {
  name: 'héllo wörld',
  numbers: [1, -2, 300, 70000, 2 ** 40, -(2 ** 33)],
  ratio: 1.5,
  flags: [true, false],
  nested: { deep: { list: ['a', 'bb', ''] } },
  long: 'y'.repeat(300),
  counts: { 'odd key': 1, 'b c': 2 },
  items: [
    { x: 1, label: 'one' },
    { x: 2, label: 'two' },
  ],
};

interface Encoded {
  bytes: Uint8Array;
  layout: EncodingLayout | undefined;
}

function encodeWith(codec: CodecModule, sample: unknown, context: PrepareContext = {}): Encoded {
  const prepared = codec.prepare(sample, context);
  return { bytes: prepared.encode(prepared.input).slice(), layout: prepared.layout };
}

function annotateAll({ bytes, layout }: Encoded): AnnotationPage {
  return annotateEncoding(layout, bytes, { start: 0, end: bytes.length }, ALL);
}

const text = (bytes: Uint8Array, a: ByteAnnotation) => utf8.decode(bytes.subarray(a.start, a.end));

/** Every value of `sample` by path, and its object keys in document order. */
function pathsOf(sample: unknown): { values: Map<string, unknown>; keys: { path: string; key: string }[] } {
  const values = new Map<string, unknown>();
  const keys: { path: string; key: string }[] = [];
  const pending: [unknown, PathSegment[]][] = [[sample, []]];
  while (pending.length > 0) {
    const [value, segments] = pending.pop()!;
    const path = formatPath(segments);
    values.set(path, value);
    const last = segments[segments.length - 1];
    if (typeof last === 'string') keys.push({ path, key: last });
    const children: [unknown, PathSegment[]][] = [];
    if (Array.isArray(value)) value.forEach((item, i) => children.push([item, [...segments, i]]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) children.push([item, [...segments, key]]);
    }
    pending.push(...children.reverse());
  }
  return { values, keys };
}

/** Sorted, never overlapping, and (for these walkers) every byte annotated. */
function assertTiles(annotations: ByteAnnotation[], size: number): void {
  let at = 0;
  for (const a of annotations) {
    assert.ok(a.start < a.end, `empty range at ${a.start}`);
    assert.equal(a.start, at, `range at ${a.start} (${a.path} ${a.label}) after a range ending at ${at}`);
    at = a.end;
  }
  assert.equal(at, size);
}

/** The ranges of a sorted, disjoint list that overlap `[start, end)` (binary search: lists are long). */
function overlapping(annotations: ByteAnnotation[], start: number, end: number): ByteAnnotation[] {
  let low = 0;
  let high = annotations.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (annotations[mid]!.end > start) high = mid;
    else low = mid + 1;
  }
  const found: ByteAnnotation[] = [];
  for (let i = low; i < annotations.length && annotations[i]!.start < end; i++) if (start < end) found.push(annotations[i]!);
  return found;
}

const selfDescribing: [string, CodecModule][] = [
  ['msgpackr', msgpackr],
  ['cbor-x', cborX],
];
const allCodecs: [string, CodecModule][] = [...selfDescribing, ['protobufjs', protobufjs]];
const sampleFor = (codec: string) => (codec === 'protobufjs' ? PROTO_SAMPLE : SAMPLE);

for (const [name, codec] of selfDescribing) {
  test(`${name}: every key range holds the key's UTF-8 bytes and the path of its value, in document order`, () => {
    const encoded = encodeWith(codec, SAMPLE);
    const keyRanges = annotateAll(encoded).annotations.filter((a) => a.role === 'key');
    const expected = pathsOf(SAMPLE).keys;
    assert.deepEqual(
      keyRanges.map((a) => ({ path: a.path, key: text(encoded.bytes, a) })),
      expected,
    );
    assert.ok(keyRanges.every((a) => a.label === `key ${JSON.stringify(text(encoded.bytes, a))}`));
  });

  test(`${name}: string value ranges decode to the sample's string at their path`, () => {
    const encoded = encodeWith(codec, SAMPLE);
    const { values } = pathsOf(SAMPLE);
    const strings = annotateAll(encoded).annotations.filter((a) => a.role === 'value' && a.label.startsWith('"'));
    const expected = [...values].filter(([, v]) => typeof v === 'string' && v !== '').map(([path, v]) => ({ path, text: v }));
    assert.deepEqual(
      strings.map((a) => ({ path: a.path, text: text(encoded.bytes, a) })),
      expected,
    );
  });

  test(`${name}: container headers give the entry and item counts at the container's path`, () => {
    const { values } = pathsOf(SAMPLE);
    const headers = annotateAll(encodeWith(codec, SAMPLE)).annotations.filter((a) => /^(map|array),/.test(a.label));
    const expected = [...values]
      .filter(([, v]) => v !== null && typeof v === 'object')
      .map(([path, v]) => {
        const n = Array.isArray(v) ? v.length : Object.keys(v as object).length;
        return { path, label: Array.isArray(v) ? `array, ${n} ${n === 1 ? 'item' : 'items'}` : `map, ${n} ${n === 1 ? 'entry' : 'entries'}` };
      });
    assert.deepEqual(
      headers.map((a) => ({ path: a.path, label: a.label })),
      expected,
    );
    assert.ok(headers.every((a) => a.role === 'header'));
  });

  test(`${name}: numbers are labelled with their width and value at their path`, () => {
    const values = annotateAll(encodeWith(codec, SAMPLE)).annotations.filter((a) => a.path.startsWith('$["odd key"][') && a.role === 'value');
    const numbers = SAMPLE['odd key'].slice(0, 7) as number[];
    assert.deepEqual(
      values.slice(0, 7).map((a) => a.path),
      numbers.map((_, i) => `$["odd key"][${i}]`),
    );
    numbers.forEach((n, i) => assert.match(values[i]!.label, new RegExp(` ${String(n).replace('.', '\\.')}$`)));
    assert.match(values[6]!.label, /^float64 1\.5$/);
  });

  test(`${name}: the whole encoding is tiled by ranges, in byte order`, () => {
    const encoded = encodeWith(codec, SAMPLE);
    assertTiles(annotateAll(encoded).annotations, encoded.bytes.length);
  });
}

test('msgpackr: a timestamp ext and a non-string key are labelled, the key by its value', () => {
  const bytes = pack(
    new Map<unknown, unknown>([
      [7, new Date(Date.UTC(2024, 0, 2))],
      [true, 'b'],
    ]),
  );
  const { annotations, error } = annotateMsgpack(bytes, { start: 0, end: bytes.length });
  assert.equal(error, undefined);
  const at = (label: string) => annotations.find((a) => a.label.startsWith(label));
  assert.equal(at('key 7')?.path, '$[7]');
  assert.equal(at('key 7')?.role, 'key');
  assert.equal(at('timestamp (ext -1)')?.path, '$[7]');
  assert.equal(at('timestamp 2024-01-02T00:00:00.000Z')?.role, 'value');
  assert.equal(at('key true')?.path, '$.true');
});

test('cbor-x: tags are headers of the item they tag, with their meaning', () => {
  const bytes = cborEncode({ when: new Date(Date.UTC(2024, 0, 2, 0, 0, 0, 500)), set: new Set([1]), big: 2n ** 70n });
  const { annotations, error } = annotateCbor(bytes, { start: 0, end: bytes.length });
  assert.equal(error, undefined);
  const tags = annotations.filter((a) => a.label.startsWith('tag '));
  assert.deepEqual(
    tags.map((a) => [a.path, a.label, a.role]),
    [
      ['$.when', 'tag 1 (epoch date)', 'header'],
      ['$.set', 'tag 258 (set)', 'header'],
      ['$.big', 'tag 2 (bignum)', 'header'],
    ],
  );
  assert.ok(annotations.some((a) => a.path === '$.when' && a.label === 'float64 1704153600.5'));
  assert.ok(annotations.some((a) => a.path === '$.set[0]' && a.label === 'uint 1'));
});

test('cbor: indefinite-length maps, arrays and string chunks end with break ranges at the container', () => {
  // {_ "a": (_ "hi", "!"), "b": [_ 1, 2] }
  const bytes = Buffer.from('bf6161' + '7f626869' + '6121ff' + '6162' + '9f0102ff' + 'ff', 'hex');
  const { annotations, error } = annotateCbor(bytes, { start: 0, end: bytes.length });
  assert.equal(error, undefined);
  assertTiles(annotations, bytes.length);
  assert.deepEqual(
    annotations.map((a) => `${a.path} ${a.role} ${a.label}`),
    [
      '$ header map, indefinite length',
      '$.a header string, 1 byte',
      '$.a key key "a"',
      '$.a header string, indefinite length',
      '$.a header chunk, 2 bytes',
      '$.a value "hi"',
      '$.a header chunk, 1 byte',
      '$.a value "!"',
      '$.a header break',
      '$.b header string, 1 byte',
      '$.b key key "b"',
      '$.b header array, indefinite length',
      '$.b[0] value uint 1',
      '$.b[1] value uint 2',
      '$.b header break',
      '$ header break',
    ],
  );
});

test('cbor: half and single floats and simple values are read', () => {
  const bytes = Buffer.from('84' + 'f93e00' + 'fa3fc00000' + 'f7' + 'f0', 'hex'); // [1.5, 1.5, undefined, simple(16)]
  const labels = annotateCbor(bytes, { start: 0, end: bytes.length }).annotations.map((a) => a.label);
  assert.deepEqual(labels, ['array, 4 items', 'float16 1.5', 'float32 1.5', 'undefined', 'simple(16)']);
});

for (const [name, codec] of allCodecs) {
  test(`${name}: a window returns exactly the whole encoding's ranges that overlap it`, () => {
    const encoded = encodeWith(codec, sampleFor(name));
    const whole = annotateAll(encoded).annotations;
    const size = encoded.bytes.length;
    for (const [start, end] of [
      [0, 1],
      [0, 16],
      [5, 9],
      [17, 40],
      [size - 10, size],
      [size - 1, size + 100],
      [40, 40],
      [size + 5, size + 9],
    ] as const) {
      const page = annotateEncoding(encoded.layout, encoded.bytes.slice(), { start, end });
      assert.deepEqual(page.annotations, overlapping(whole, start, end), `window ${start}–${end}`);
      assert.equal(page.truncated, false);
      assert.equal(page.error, undefined);
    }
  });

  test(`${name}: the limit cuts a page to its first ranges and says truncated`, () => {
    const encoded = encodeWith(codec, sampleFor(name));
    const whole = annotateAll(encoded).annotations;
    const window = { start: 3, end: encoded.bytes.length };
    const cut = annotateEncoding(encoded.layout, encoded.bytes, window, 5);
    assert.deepEqual(cut, { annotations: overlapping(whole, 3, window.end).slice(0, 5), truncated: true });
    const exact = annotateEncoding(encoded.layout, encoded.bytes, window, overlapping(whole, 3, window.end).length);
    assert.equal(exact.truncated, false);
  });

  test(`${name}: every prefix of the encoding annotates without throwing, and a cut value says where`, () => {
    const encoded = encodeWith(codec, sampleFor(name));
    const whole = annotateAll(encoded).annotations;
    for (let length = 0; length < encoded.bytes.length; length++) {
      const cut = encoded.bytes.slice(0, length);
      const page = annotateEncoding(encoded.layout, cut, { start: 0, end: length + 1 });
      const complete = whole.filter((a) => a.end <= length);
      if (name === 'protobufjs') {
        // A cut between two fields of the root is a shorter message; a cut field says so and
        // leaves out the ranges of the message it cuts.
        if (page.error !== undefined) assert.match(page.error, /^truncated at byte \d+: /, `prefix of ${length}`);
        assert.deepEqual(page.annotations, complete.slice(0, page.annotations.length));
      } else {
        // Every complete range but the header of a string whose bytes are cut (its key is unknown).
        assert.match(page.error ?? '', /^truncated at byte \d+: /, `prefix of ${length}`);
        assert.deepEqual(page.annotations, complete.slice(0, page.annotations.length), `prefix of ${length}`);
        assert.ok(page.annotations.length >= complete.length - 1, `prefix of ${length}`);
      }
    }
  });

  test(`${name}: random bytes never throw`, () => {
    const encoded = encodeWith(codec, sampleFor(name));
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
    for (let round = 0; round < 300; round++) {
      const bytes = encoded.bytes.slice();
      for (let flips = 0; flips < 1 + (round % 5); flips++) bytes[((random() << 8) | random()) % bytes.length] = random();
      const page = annotateEncoding(encoded.layout, bytes, { start: 0, end: bytes.length });
      assert.ok(Array.isArray(page.annotations));
      const noise = Uint8Array.from({ length: 64 }, random);
      annotateEncoding(encoded.layout, noise, { start: 0, end: 64 });
    }
  });
}

test('protobufjs: a truncated length-delimited field gives an error naming the byte', () => {
  const encoded = encodeWith(protobufjs, PROTO_SAMPLE);
  const page = annotateEncoding(encoded.layout, encoded.bytes.slice(0, 6), { start: 0, end: 6 });
  assert.equal(page.error, 'truncated at byte 6: field 1 (13 bytes) at byte 0 runs past the end');
});

for (const [name, bytes, annotate] of [
  ['msgpack', Uint8Array.from([...new Array<number>(10_000).fill(0x91), 0x01]), annotateMsgpack],
  ['cbor', Uint8Array.from([...new Array<number>(10_000).fill(0x81), 0x01]), annotateCbor],
  ['cbor (indefinite)', Uint8Array.from([...new Array<number>(10_000).fill(0x9f), 0x01, ...new Array<number>(10_000).fill(0xff)]), annotateCbor],
] as const) {
  test(`${name}: an array nested 10,000 deep annotates without overflowing the stack`, () => {
    const whole = annotate(bytes, { start: 0, end: bytes.length }, ALL);
    assert.equal(whole.error, undefined);
    assertTiles(whole.annotations, bytes.length);
    const innermost = whole.annotations[10_000]!;
    assert.equal(innermost.path, `$${'[0]'.repeat(10_000)}`);
    assert.match(innermost.label, /1$/);
    const lastPage = annotate(bytes.slice(), { start: bytes.length - 4096, end: bytes.length });
    // Paths thousands of steps long: compared by length (the innermost one is compared above).
    const brief = (a: ByteAnnotation) => [a.start, a.end, a.role, a.label, a.path.length];
    assert.deepEqual(lastPage.annotations.map(brief), overlapping(whole.annotations, bytes.length - 4096, bytes.length).map(brief));
  });
}

test('msgpack: a truncated deep nesting says which container is still open', () => {
  const bytes = Uint8Array.from([0x92, 0x81, 0xa1, 0x61]);
  const page = annotateMsgpack(bytes, { start: 0, end: 10 });
  assert.equal(page.error, 'truncated at byte 4: map at byte 1 expects the value of a key');
  assert.equal(page.annotations.length, 4);
});

test('protobufjs: nested messages, repeated and packed fields, a map and 64-bit ints are named from the type', () => {
  const sample = {
    name: 'hi',
    big: 2 ** 40,
    negative: [-5, -(2 ** 40)],
    xs: [1.5, 2.5],
    tags: ['a', 'bb'],
    m: { 'odd key': { v: 1 }, b: { v: 2 } },
    item: { q: true, e: 3 },
  };
  const encoded = encodeWith(protobufjs, sample, { variants: { integers: 'varint' } });
  const { annotations, error } = annotateAll(encoded);
  assert.equal(error, undefined);
  assertTiles(annotations, encoded.bytes.length);
  const find = (path: string, role: ByteAnnotation['role'], label?: string) =>
    annotations.filter((a) => a.path === path && a.role === role && (label === undefined || a.label === label));
  assert.equal(find('$.name', 'key', 'field 1 name: string').length, 1);
  assert.deepEqual(
    find('$.name', 'value').map((a) => text(encoded.bytes, a)),
    ['hi'],
  );
  assert.equal(find('$.big', 'value', 'int64 1099511627776').length, 1);
  // int64 (the varint variant): a negative value takes 10 bytes.
  const negative = find('$.negative[0]', 'value', 'int64 -5');
  assert.equal(negative.length, 1);
  assert.equal(negative[0]!.end - negative[0]!.start, 10);
  assert.equal(find('$.xs', 'key', 'field 4 xs: packed double').length, 1);
  assert.equal(find('$.xs[1]', 'value', 'double 2.5').length, 1);
  assert.deepEqual(
    find('$.tags[1]', 'key').map((a) => a.label),
    ['field 5 tags: repeated string'],
  );
  assert.deepEqual(
    find('$.tags[1]', 'value').map((a) => text(encoded.bytes, a)),
    ['bb'],
  );
  const mapKey = find('$.m["odd key"]', 'key', 'key "odd key"');
  assert.deepEqual(
    mapKey.map((a) => text(encoded.bytes, a)),
    ['odd key'],
  );
  assert.equal(find('$.m["odd key"].v', 'value', 'int32 1').length, 1);
  assert.equal(find('$.m.b.v', 'value', 'int32 2').length, 1);
  assert.equal(find('$.item', 'header', 'message Item, 4 bytes').length, 1);
  assert.equal(find('$.item.q', 'value', 'bool true').length, 1);
});

test('protobufjs: zigzag and fixed-width 64-bit variants are read as the type declares', () => {
  const sample = { n: [-(2 ** 40), 7], f: 0.25 };
  const zigzag = annotateAll(encodeWith(protobufjs, sample, { variants: { integers: 'zigzag' } })).annotations;
  assert.ok(zigzag.some((a) => a.path === '$.n[0]' && a.label === `sint64 ${-(2 ** 40)}`));
  const fixed = annotateAll(encodeWith(protobufjs, sample, { variants: { integers: 'fixed', doubles: 'float' } })).annotations;
  assert.ok(fixed.some((a) => a.path === '$.n[0]' && a.label === `sfixed64 ${-(2 ** 40)}` && a.end - a.start === 8));
  assert.ok(fixed.some((a) => a.path === '$.f' && a.label === 'float 0.25'));
});

test('protobufjs: a list under a provided schema has paths relative to the sample, not to its records wrapper', () => {
  const source = readFileSync(join(schemas, 'Items.proto'), 'utf8');
  const sample = tuples.items.slice(0, 3);
  const encoded = encodeWith(protobufjs, sample, { schema: { kind: 'proto', source, typeName: 'Item' } });
  assert.equal(encoded.layout?.kind === 'protobuf' && encoded.layout.wrappedAs, 'records');
  const { annotations } = annotateAll(encoded);
  assert.ok(annotations.every((a) => !a.path.includes('records')));
  assert.deepEqual(
    annotations
      .filter((a) => a.role === 'key')
      .map((a) => `${a.path} ${a.label}`)
      .slice(0, 4),
    ['$[0] field 1 records: repeated Item', '$[0].x field 1 x: int32', '$[0].y field 2 y: double', '$[0].z field 3 z: double'],
  );
  assert.ok(annotations.some((a) => a.path === '$[2].x' && a.label === `int32 ${sample[2]!.x}`));
});

test('protobufjs: an inferred wrapper of a root array or object with odd keys adds no path step', () => {
  const list = annotateAll(encodeWith(protobufjs, [1.5, 2.5])).annotations;
  assert.deepEqual(
    list.map((a) => `${a.path} ${a.label}`),
    ['$ field 1 value: packed double', '$ packed double, 16 bytes', '$[0] double 1.5', '$[1] double 2.5'],
  );
  const odd = annotateAll(encodeWith(protobufjs, { 'odd key': 'v' })).annotations;
  assert.deepEqual(
    odd.map((a) => `${a.path} ${a.role} ${a.label}`),
    [
      '$["odd key"] key field 1 value: map<string, string>',
      '$["odd key"] header map entry, 12 bytes',
      '$["odd key"] key map key: string',
      '$["odd key"] header string, 7 bytes',
      '$["odd key"] key key "odd key"',
      '$["odd key"] key map value: string',
      '$["odd key"] header string, 1 byte',
      '$["odd key"] value "v"',
    ],
  );
});

test('protobufjs: fields the type does not declare are labelled unknown with their wire type', () => {
  const writer = protobuf.parse('syntax = "proto3"; message W { int32 a = 1; uint64 extra = 7; string note = 9; }').root.lookupType('W');
  const reader = protobuf.parse('syntax = "proto3"; message R { int32 a = 1; }').root.lookupType('R');
  const bytes = writer.encode({ a: 1, extra: 300, note: 'n' }).finish();
  const { annotations, error } = annotateProtobuf(bytes, { start: 0, end: bytes.length }, { type: reader });
  assert.equal(error, undefined);
  assert.deepEqual(
    annotations.filter((a) => a.role === 'key').map((a) => `${a.path} ${a.label}`),
    ['$.a field 1 a: int32', '$ unknown field 7 (varint)', '$ unknown field 9 (length-delimited)'],
  );
  assert.ok(annotations.some((a) => a.label === 'varint 300'));
});

test('protobufjs: enums are labelled with their value name, packed or not', () => {
  const type = protobuf
    .parse('syntax = "proto3"; enum Color { NONE = 0; RED = 1; BLUE = 2; } message P { Color c = 1; repeated Color cs = 2; }')
    .root.lookupType('P');
  const bytes = type.encode({ c: 2, cs: [1, 2, 7] }).finish();
  const { annotations, error } = annotateProtobuf(bytes, { start: 0, end: bytes.length }, { type });
  assert.equal(error, undefined);
  assert.deepEqual(
    annotations.map((a) => `${a.path} ${a.label}`),
    [
      '$.c field 1 c: Color',
      '$.c enum Color 2 (BLUE)',
      '$.cs field 2 cs: packed Color',
      '$.cs packed Color, 3 bytes',
      '$.cs[0] enum Color 1 (RED)',
      '$.cs[1] enum Color 2 (BLUE)',
      '$.cs[2] enum Color 7',
    ],
  );
});

test('protobufjs: a repeated field split across windows keeps counting its occurrences', () => {
  const encoded = encodeWith(protobufjs, { xs: Array.from({ length: 3000 }, (_, i) => i * 1000), tags: Array.from({ length: 500 }, (_, i) => `t${i}`) });
  const whole = annotateAll(encoded).annotations;
  const size = encoded.bytes.length;
  for (const start of [1000, size - 700]) {
    const page = annotateEncoding(encoded.layout, encoded.bytes.slice(), { start, end: start + 64 });
    assert.deepEqual(page.annotations, overlapping(whole, start, start + 64));
  }
  assert.ok(whole.some((a) => a.path === '$.xs[2999]' && a.label === 'int32 2999000'));
  assert.ok(whole.some((a) => a.path === '$.tags[499]' && a.label === '"t499"'));
});

test('no layout gives an empty page', () => {
  assert.deepEqual(annotateEncoding(undefined, Uint8Array.of(1, 2, 3), { start: 0, end: 3 }), { annotations: [], truncated: false });
});

for (const [name, codec] of allCodecs) {
  test(`${name}: the bundled dataset paged in 4 KiB windows gives the whole encoding's ranges, and every key of the first record`, () => {
    const encoded = encodeWith(codec, tuples);
    const whole = annotateAll(encoded).annotations;
    const size = encoded.bytes.length;
    assertTiles(whole, size);
    // Fresh bytes (no saved checkpoints), paged from the end back to the start: the pages
    // cover the encoding, so together they are the whole encoding's ranges.
    const fresh = encoded.bytes.slice();
    for (let start = Math.floor((size - 1) / 4096) * 4096; start >= 0; start -= 4096) {
      const page = annotateEncoding(encoded.layout, fresh, { start, end: start + 4096 });
      assert.equal(page.error, undefined);
      assert.deepEqual(page.annotations, overlapping(whole, start, start + 4096), `page at ${start}`);
    }

    const keys = whole.filter((a) => a.role === 'key' && /^\$\.items(\[0\](\.[xyz])?)?$/.test(a.path));
    const expected = ['$.items', '$.items[0].x', '$.items[0].y', '$.items[0].z'];
    if (name === 'protobufjs') {
      assert.deepEqual(
        keys.map((a) => `${a.path} ${a.label}`),
        ['$.items[0] field 1 items: repeated Item', '$.items[0].x field 1 x: int32', '$.items[0].y field 2 y: double', '$.items[0].z field 3 z: double'],
      );
    } else {
      assert.deepEqual(
        keys.map((a) => a.path),
        expected,
      );
      assert.deepEqual(
        keys.map((a) => text(encoded.bytes, a)),
        ['items', 'x', 'y', 'z'],
      );
    }
    assert.ok(whole.some((a) => a.path === '$.items[0].y' && a.label.endsWith(` ${tuples.items[0]!.y}`)));
    const last = tuples.items.length - 1;
    assert.ok(whole.some((a) => a.path === `$.items[${last}].z` && a.label.endsWith(` ${tuples.items[last]!.z}`)));
  });
}

test('formatSegment and the walkers agree on odd keys', () => {
  const sample = { 'a b': 1, __proto__x: 2, ü: 3, '': 4 };
  for (const [, codec] of selfDescribing) {
    const keys = annotateAll(encodeWith(codec, sample))
      .annotations.filter((a) => a.role === 'key')
      .map((a) => a.path);
    assert.deepEqual(
      keys,
      Object.keys(sample).map((k) => `$${formatSegment(k)}`),
    );
  }
});
