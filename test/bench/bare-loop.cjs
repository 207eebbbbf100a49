// The same library calls as the engine's codecs, timed by a bare loop in a plain Node process:
// no worker, no harness, no per-call clock. Prints the amortised time per call (the loop's time
// over its calls, collections included) of encode and decode as JSON on stdout.
// Usage: node bare-loop.cjs CODEC SAMPLE.json MS [SCHEMA-SPEC.json]
// The spec (written by the benchmark from the engine's own inference) gives avsc its schema,
// and protobufjs its .proto text, root type and wrapper field.
'use strict';
const fs = require('node:fs');

const [codec, samplePath, msText, specPath] = process.argv.slice(2);
const sample = JSON.parse(fs.readFileSync(samplePath, 'utf8'));
const budgetMs = Number(msText);
const spec = specPath ? JSON.parse(fs.readFileSync(specPath, 'utf8')) : {};

function callsFor(codecId) {
  switch (codecId) {
    case 'json':
      return { input: sample, encode: (v) => Buffer.from(JSON.stringify(v), 'utf8'), decode: (b) => JSON.parse(b.toString('utf8')) };
    case 'msgpackr': {
      const { pack, unpack } = require('msgpackr');
      return { input: sample, encode: pack, decode: unpack };
    }
    case 'cbor-x': {
      const { encode, decode } = require('cbor-x');
      return { input: sample, encode, decode };
    }
    case 'v8': {
      const v8 = require('node:v8');
      return { input: sample, encode: v8.serialize, decode: v8.deserialize };
    }
    case 'bson': {
      const { serialize, deserialize } = require('bson');
      const wrapped = typeof sample !== 'object' || sample === null || Array.isArray(sample);
      return { input: wrapped ? { value: sample } : sample, encode: serialize, decode: wrapped ? (b) => deserialize(b).value : deserialize };
    }
    case 'avsc': {
      const avro = require('avsc');
      const type = avro.Type.forSchema(JSON.parse(spec.schemaText));
      return { input: sample, encode: (v) => type.toBuffer(v), decode: (b) => type.fromBuffer(b) };
    }
    case 'protobufjs': {
      const protobuf = require('protobufjs');
      const type = protobuf.parse(spec.schemaText, { keepCase: true }).root.lookupType(spec.rootType);
      const field = spec.wrappedAs;
      return {
        input: field ? { [field]: sample } : sample,
        encode: (v) => type.encode(v).finish(),
        decode: field ? (b) => type.decode(b)[field] : (b) => type.decode(b),
      };
    }
    default:
      throw new Error(`bare-loop: no bare calls for ${codecId}`);
  }
}

let sink;
/** Warms up for a quarter of the budget (as the engine does), then loops for the budget. */
function amortisedNs(operation) {
  const warmUntil = performance.now() + budgetMs / 4;
  for (let i = 0; i < 3 || performance.now() < warmUntil; i++) sink = operation();
  const start = performance.now();
  const until = start + budgetMs;
  let calls = 0;
  let now = start;
  while (calls < 10 || now < until) {
    sink = operation();
    calls++;
    now = performance.now();
  }
  return ((now - start) * 1e6) / calls;
}

const { input, encode, decode } = callsFor(codec);
const bytes = Buffer.from(encode(input));
const result = { encodeMeanNs: amortisedNs(() => encode(input)), decodeMeanNs: amortisedNs(() => decode(bytes)) };
if (sink === undefined) throw new Error('unreachable: keeps results alive');
process.stdout.write(JSON.stringify(result));
