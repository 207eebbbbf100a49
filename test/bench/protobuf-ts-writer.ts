/**
 * Why the protobuf-ts row encodes the tuples 8-11x slower than JSON (docs/benchmarks/libraries.md):
 * its BinaryWriter, driven with the calls its generated code makes for `schemas/tuples.json`
 * (per item: fork, tag + int32, tag + double twice, join), beside protobufjs's Writer driven
 * with the same calls. No generated code, no schema: the writers alone, writing the same bytes.
 * Prints the time per encode of the 19,784 items, three times.
 *
 * Usage: node --import tsx test/bench/protobuf-ts-writer.ts
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BinaryWriter, WireType } from '@protobuf-ts/runtime';
import { Writer } from 'protobufjs';

const { items } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'schemas', 'tuples.json'), 'utf8')) as {
  items: Array<{ x: number; y: number; z: number }>;
};

function protobufTs(): Uint8Array {
  const writer = new BinaryWriter();
  for (const item of items) {
    writer.tag(1, WireType.LengthDelimited).fork();
    writer.tag(1, WireType.Varint).int32(item.x);
    writer.tag(2, WireType.Bit64).double(item.y);
    writer.tag(3, WireType.Bit64).double(item.z);
    writer.join();
  }
  return writer.finish();
}

function protobufjs(): Uint8Array {
  const writer = Writer.create();
  for (const item of items) {
    writer.uint32(10).fork();
    writer.uint32(8).int32(item.x);
    writer.uint32(17).double(item.y);
    writer.uint32(25).double(item.z);
    writer.ldelim();
  }
  return writer.finish();
}

function measure(name: string, encode: () => Uint8Array): number {
  for (let warm = 0; warm < 5; warm++) encode();
  const runs = 20;
  const started = performance.now();
  for (let run = 0; run < runs; run++) encode();
  const ms = (performance.now() - started) / runs;
  console.log(`${name.padEnd(26)} ${ms.toFixed(2).padStart(7)} ms per encode of ${items.length} items`);
  return ms;
}

if (protobufTs().byteLength !== protobufjs().byteLength) throw new Error('the two writers wrote different lengths');
for (let pass = 0; pass < 3; pass++) {
  const slow = measure('protobuf-ts BinaryWriter', protobufTs);
  const fast = measure('protobufjs Writer', protobufjs);
  console.log(`  protobuf-ts / protobufjs: ${(slow / fast).toFixed(1)}x`);
}
