// The same library calls as the engine's codecs, timed by a bare loop in a plain Node process:
// no worker, no sampler, no wrapper. Usage: node bare-loop.cjs CODEC SAMPLE.json MS
// Prints {"encode": [ns…], "decode": [ns…]} (one time per call) on stdout: the caller computes
// the same statistics as the engine's.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [codec, samplePath, msText] = process.argv.slice(2);
const sample = JSON.parse(fs.readFileSync(samplePath, 'utf8'));
const budgetNs = BigInt(Number(msText) * 1e6);

function callsFor(codecId) {
  switch (codecId) {
    case 'json':
      return { encode: (v) => Buffer.from(JSON.stringify(v), 'utf8'), decode: (b) => JSON.parse(b.toString('utf8')) };
    case 'msgpackr': {
      const { pack, unpack } = require('msgpackr');
      return { encode: pack, decode: unpack };
    }
    case 'cbor-x': {
      const { encode, decode } = require('cbor-x');
      return { encode, decode };
    }
    case 'v8': {
      const v8 = require('node:v8');
      return { encode: v8.serialize, decode: v8.deserialize };
    }
    case 'avsc': {
      const avro = require('avsc');
      const type = avro.Type.forSchema(JSON.parse(fs.readFileSync(path.join(__dirname, '../../schemas/Items.avsc'), 'utf8')));
      return { encode: (v) => type.toBuffer(v), decode: (b) => type.fromBuffer(b) };
    }
    default:
      throw new Error(`bare-loop: no bare calls for ${codecId}`);
  }
}

let sink;
const MAX_SAMPLES = 1 << 20;
function samplesOf(operation) {
  // Warm up for a quarter of the budget, as the engine does, then time each call alone. The
  // timing itself allocates nothing (no BigInt, no growing array): its garbage would add GC
  // work to the calls being timed.
  const budgetMs = Number(budgetNs) / 1e6;
  const warmUntil = performance.now() + budgetMs / 4;
  for (let i = 0; i < 30 || performance.now() < warmUntil; i++) sink = operation();
  const times = new Float64Array(MAX_SAMPLES);
  const until = performance.now() + budgetMs;
  let n = 0;
  while (n < MAX_SAMPLES && (n < 30 || performance.now() < until)) {
    const t0 = performance.now();
    sink = operation();
    times[n++] = (performance.now() - t0) * 1e6;
  }
  return Array.from(times.subarray(0, n));
}

const { encode, decode } = callsFor(codec);
const bytes = Buffer.from(encode(sample));
const result = { encode: samplesOf(() => encode(sample)), decode: samplesOf(() => decode(bytes)) };
if (sink === undefined) throw new Error('unreachable: keeps results alive');
process.stdout.write(JSON.stringify(result));
