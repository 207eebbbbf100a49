/**
 * The generated-code rows through the CLI (`payload-lab compare FILE --codecs … --sizes-only`:
 * generated, sandboxed and verified as in a comparison, without its timing), as a user runs them, with the real tools: every row completed on the bundled tuples and events (their first
 * records), interop
 * both ways, and a second run of the same schema served from the cache (no generation); on trips
 * with null stations, every row completed with protobufjs's bytes and a nulls-absent round trip.
 * Skipped, saying what to install, only where a tool is missing (CI installs them).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { missingTools } from '../support/codegen-tools';
import { bundledSlice, cliScript } from '../support/paths';
import { PROTOBUF_TOOLS } from '../../src/codegen/protobuf-tools';
import type { SizesReport, SizesRow } from '../../src/shared/sizes';
import { noteText } from '../../src/shared/row-facts-text';
import { noteOf } from '../support/notes';

const ROWS = ['google-protobuf', 'ts-proto', 'protobuf-ts'];

/** Sizes only: nothing here is a time, and a sized row has been generated, sandboxed and verified like a timed one. */
async function compare(file: string, cacheDir: string, codecs: readonly string[] = ROWS): Promise<SizesReport> {
  const args = [cliScript, 'compare', file, '--codecs', codecs.join(','), '--sizes-only', '--json', '--cache-dir', cacheDir];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as SizesReport;
}

function generationNote(row: SizesRow): string {
  const note = row.notes.map(noteText).find((text) => text.startsWith('code generation: '));
  assert.ok(note, `${row.codec}: no code generation note in ${JSON.stringify(row.notes)}`);
  return note;
}

test('compare --sizes-only --codecs google-protobuf,ts-proto,protobuf-ts: every row completed on the tuples and events, interop both ways; the second run generates nothing', async (t) => {
  const missing = await missingTools(PROTOBUF_TOOLS);
  if (missing) return t.skip(missing);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-codegen-'));
  const tuples = bundledSlice('tuples.json', 2_000);
  const first = await compare(tuples, cacheDir);
  const events = await compare(bundledSlice('events.json', 400), cacheDir);
  const second = await compare(tuples, cacheDir);
  for (const report of [first, events, second]) {
    for (const id of ROWS) {
      const row = report.results.find((result) => result.codec === id)!;
      assert.equal(row.status, 'sized', `${id}: ${row.status === 'sized' ? '' : `${row.error.stage}: ${row.error.message}`}`);
      if (row.status !== 'sized') continue;
      assert.deepEqual(row.interop, { decoder: 'protobufjs', readable: true, readsReference: { readable: true } }, id);
      assert.ok(row.compressed.gzip > 0, `${id}: compressed sizes`);
      if (id === 'google-protobuf')
        assert.ok(
          row.remnants.some((remnant) => remnant.kind === 'rename'),
          'toObject renames',
        );
      else assert.ok(['exact', 'equivalent'].includes(row.roundTrip.status), `${id}: ${row.roundTrip.status}`);
    }
  }
  for (const id of ROWS) {
    const row = (report: SizesReport) => report.results.find((result) => result.codec === id)!;
    assert.match(generationNote(row(first)), /^code generation: protoc \+ protoc-gen-\w+ \d+ ms/, id);
    assert.match(generationNote(row(second)), /^code generation: cached \(no generation this run/, id);
  }
});

test('compare on bike trips with null stations: every generated row completes with protobufjs’s bytes, its round trip nulls-absent at each null', async (t) => {
  const missing = await missingTools(PROTOBUF_TOOLS);
  if (missing) return t.skip(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-nulls-'));
  // Stations null in every third and fifth trip (never missing), strings elsewhere, as in the published benchmark's data.
  const trips = Array.from({ length: 60 }, (_, index) => ({
    id: index + 1,
    start_station: index % 3 === 0 ? null : `S${index % 7}`,
    end_station: index % 5 === 0 ? null : `E${index % 4}`,
    duration: (index * 37) % 600,
  }));
  const nulls = trips.filter((trip) => trip.start_station === null).length + trips.filter((trip) => trip.end_station === null).length;
  const file = path.join(dir, 'trips.json');
  fs.writeFileSync(file, JSON.stringify(trips));
  const report = await compare(file, fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-codegen-')), ['protobufjs', ...ROWS]);
  const reference = report.results.find((result) => result.codec === 'protobufjs')!;
  assert.equal(reference.status, 'sized');
  if (reference.status !== 'sized') return;
  // protobufjs's decode puts the nulls back (its adapter); the generated code gives what its users get.
  assert.equal(reference.roundTrip.status, 'exact');
  for (const id of ROWS) {
    const row = report.results.find((result) => result.codec === id)!;
    assert.equal(row.status, 'sized', `${id}: ${row.status === 'sized' ? '' : `${row.error.stage}: ${row.error.message}`}`);
    if (row.status !== 'sized') continue;
    assert.equal(row.bytes, reference.bytes, `${id}: protobufjs's bytes`);
    assert.deepEqual(row.interop, { decoder: 'protobufjs', readable: true, readsReference: { readable: true } }, id);
    assert.equal(row.roundTrip.status, 'nulls-absent', `${id}: ${JSON.stringify(row.roundTrip.differences.slice(0, 2))}`);
    assert.equal(row.roundTrip.nullsAbsent, nulls, id);
    assert.ok(
      row.roundTrip.differences.every((difference) => difference.kind === 'null-absent' && /_station$/.test(difference.path)),
      id,
    );
    assert.ok(noteOf(row.notes, 'unset-optional-nulls'), `${id}: ${JSON.stringify(row.notes)}`);
  }
  assert.match(reference.schemaText ?? '', /optional string start_station = \d+;/);
});
