/** Run Benchmark… offers the file it ran last: a saved file's path, while it exists, unless it is the active editor's. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lastSampleToOffer, rememberedSamplePath } from '../../src/commands/last-sample';

test('a saved file is remembered by its path; editor text and generated records are not', () => {
  assert.equal(rememberedSamplePath({ kind: 'file', name: 'a.json', location: '/w/a.json', path: '/w/a.json' }), '/w/a.json');
  assert.equal(rememberedSamplePath({ kind: 'generated', name: 'r', location: 'r', bytes: new Uint8Array(), fileName: 'r.json' }), undefined);
});

test('the remembered file is offered while it exists, and not twice when it is the active editor', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-last-'));
  try {
    const file = path.join(dir, 'orders.json');
    fs.writeFileSync(file, '[]');
    assert.equal(lastSampleToOffer(file, undefined, fs.existsSync), file);
    assert.equal(lastSampleToOffer(file, file, fs.existsSync), undefined, 'the active editor is offered already');
    assert.equal(lastSampleToOffer(path.join(dir, 'gone.json'), undefined, fs.existsSync), undefined, 'a file moved away is not offered');
    assert.equal(lastSampleToOffer(undefined, undefined, fs.existsSync), undefined);
    assert.equal(lastSampleToOffer(42, undefined, fs.existsSync), undefined, 'a state of another shape');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
