/**
 * Byte annotations for the new codecs of formats the inspector reads (Protocol Buffers,
 * MessagePack, CBOR), through real inspection workers and the real libraries: the bytes each
 * wrote are mapped back to the sample's paths like the default rows' bytes are.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { InspectorService } from '../../src/engine/inspector-service';
import type { ByteAnnotation } from '../../src/shared/inspector';
import { tuplesSample, workerScript } from '../support/paths';

const sample = { path: 'tuples.json', kind: 'json' as const, bytes: fs.readFileSync(tuplesSample) };

async function firstAnnotations(codec: string): Promise<ByteAnnotation[]> {
  const service = new InspectorService();
  try {
    const opened = await service.open(codec, { sample, workerScript });
    return (await service.ask(opened.sessionId, 'inspector-bytes', { offset: 0, length: 256 })).annotations;
  } finally {
    await service.close();
  }
}

for (const codec of ['pbf', 'bufbuild', 'msgpack', 'cborg', 'protobufjs-fromobject']) {
  test(`${codec}: the first page of bytes is annotated with the sample's paths`, async () => {
    const annotations = await firstAnnotations(codec);
    assert.ok(annotations.length > 10, `${codec}: ${annotations.length} annotations`);
    assert.ok(
      annotations.some((annotation) => annotation.path === '$.items[0].x'),
      `${codec}: ${annotations
        .slice(0, 6)
        .map((a) => a.path)
        .join(' ')}`,
    );
  });
}

test('the records rows are not annotated as plain MessagePack or CBOR: their layout is left out', async () => {
  for (const codec of ['msgpackr-records', 'cbor-x-records']) assert.deepEqual(await firstAnnotations(codec), [], codec);
});
