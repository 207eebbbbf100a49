/**
 * The flatbuffers, capnp and bebop rows through the CLI (`payload-lab compare FILE --codecs …`),
 * as a user runs them, with the real tools: completed on the bundled tuples and events (their
 * first records), the
 * bytes the formats' layouts give, access and firstField in --json for the formats read on
 * access only, the table's section for them, a second run served from the cache, and a
 * mistake in a --fbs file stopping the run at its line and column.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { missingZeroCopyTools } from '../support/zero-copy-tools';
import { bundledSlice, cliScript, FAST_ARGS, repoRoot, tuplesSample } from '../support/paths';
import { ZERO_COPY_TOOLS } from '../../src/codegen/zero-copy-tools';
import type { CompletedResult, ComparisonReport } from '../../src/shared/results';
import type { SizedResult, SizesReport } from '../../src/shared/sizes';
import { noteText } from '../../src/shared/row-facts-text';
import { noteOf } from '../support/notes';

const ROWS = ['flatbuffers', 'capnp', 'bebop'];
const run = promisify(execFile);

async function compare(file: string, cacheDir: string, ...more: string[]): Promise<{ stdout: string }> {
  const args = [cliScript, 'compare', file, '--codecs', ROWS.join(','), ...FAST_ARGS, '--cache-dir', cacheDir, ...more];
  return run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
}

/** `compare FILE … --sizes-only --json`: for what is no time (bytes, round trip, hashes), nothing is timed. */
async function sizes(file: string, cacheDir: string, ...more: string[]): Promise<Record<string, SizedResult>> {
  const args = [cliScript, 'compare', file, '--codecs', ROWS.join(','), '--sizes-only', '--json', '--cache-dir', cacheDir, ...more];
  const report = JSON.parse((await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 })).stdout) as SizesReport;
  return Object.fromEntries(
    report.results.map((row) => {
      assert.equal(row.status, 'sized', `${row.codec}: ${row.status !== 'sized' ? `${row.error.stage}: ${row.error.message}` : ''}`);
      return [row.codec, row as SizedResult];
    }),
  );
}

const completed = (report: ComparisonReport) =>
  Object.fromEntries(
    report.results.map((row) => {
      assert.equal(row.status, 'completed', `${row.codec}: ${row.status !== 'completed' ? `${row.error.stage}: ${row.error.message}` : ''}`);
      return [row.codec, row as CompletedResult];
    }),
  );

test('compare --codecs flatbuffers,capnp,bebop: completed on the tuples and events; lazy reads in --json; the second run generates nothing', async (t) => {
  const missing = await missingZeroCopyTools(ZERO_COPY_TOOLS);
  if (missing) return t.skip(missing);
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-zero-copy-'));
  const tuplesSlice = bundledSlice('tuples.json', 2_000);
  const tuples = completed(JSON.parse((await compare(tuplesSlice, cacheDir, '--json')).stdout) as ComparisonReport);
  const items = 2_000;
  assert.equal(tuples.flatbuffers!.bytes, 24 * items + 24);
  assert.equal(tuples.capnp!.bytes, 24 * items + 32);
  assert.equal(tuples.bebop!.bytes, 20 * items + 4);
  assert.equal(tuples.flatbuffers!.roundTrip.status, 'exact');
  assert.equal(tuples.capnp!.roundTrip.status, 'exact');
  // Bebop's decode returns its root record with an encode method: not data, a remnant named after it.
  assert.equal(tuples.bebop!.roundTrip.status, 'equivalent');
  assert.deepEqual(
    tuples.bebop!.remnants.map((remnant) => [remnant.path, remnant.kind]),
    [['$.encode', 'extra-key']],
  );
  for (const codec of ['flatbuffers', 'capnp']) {
    const row = tuples[codec]!;
    assert.ok(row.access && row.access.samples > 0 && row.access.meanNs > 0, `${codec}: access ${JSON.stringify(row.access)}`);
    assert.ok(row.firstField && row.firstField.samples > 0, `${codec}: firstField`);
    assert.equal(row.firstFieldPath, '$.items[0].x');
    assert.ok(noteOf(row.notes, 'lazy-decode'), codec);
  }
  assert.equal(tuples.bebop!.access, undefined);
  assert.ok(tuples.capnp!.notes.map(noteText).some((note) => /packed encoding, which drops zero bytes, is not used/.test(note)));

  const events = await sizes(bundledSlice('events.json', 400), cacheDir);
  for (const codec of ROWS) assert.equal(events[codec]!.roundTrip.status, 'exact', codec);

  const table = (await compare(tuplesSlice, cacheDir)).stdout;
  assert.match(table, /formats read on access \(per call, first round\)/);
  assert.match(table, /flatbuffers \(node\) .* \$\.items\[0\]\.x/);
  for (const codec of ROWS) assert.match(table, new RegExp(`${codec}: code generation: cached \\(no generation this run`));
});

test("compare --fbs FILE that includes another: the sandboxed row gets the included file and writes flatc's bytes", async (t) => {
  const missing = await missingZeroCopyTools(ZERO_COPY_TOOLS.filter((spec) => spec.id === 'flatc'));
  if (missing) return t.skip(missing);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-fbs-include-'));
  fs.mkdirSync(path.join(folder, 'sub'));
  fs.writeFileSync(path.join(folder, 'sub', 'point.fbs'), 'namespace geo;\ntable Point { x:int; y:int; }\n');
  fs.writeFileSync(path.join(folder, 'shape.fbs'), 'include "sub/point.fbs";\ntable Shape { name:string; points:[geo.Point]; }\nroot_type Shape;\n');
  const sample = path.join(folder, 'shape.json');
  fs.writeFileSync(
    sample,
    JSON.stringify({
      name: 'tri',
      points: [
        { x: 1, y: 2 },
        { x: 3, y: 4 },
      ],
    }),
  );
  const args = [
    cliScript,
    'compare',
    sample,
    '--fbs',
    path.join(folder, 'shape.fbs'),
    '--codecs',
    'flatbuffers',
    '--sizes-only',
    '--cache-dir',
    folder,
    '--json',
  ];
  const report = JSON.parse((await run(process.execPath, args)).stdout) as SizesReport;
  const row = report.results[0]!;
  assert.equal(row.status, 'sized', row.status !== 'sized' ? row.error.message : '');
  assert.equal(row.roundTrip.status, 'exact');
  execFileSync('flatc', ['-b', '-o', folder, path.join(folder, 'shape.fbs'), sample]);
  assert.equal(
    row.sha256,
    crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(folder, 'shape.bin')))
      .digest('hex'),
  );
});

test('compare --fbs FILE: a mistake in the file stops the run at its line and column (exit 2)', async (t) => {
  const missing = await missingZeroCopyTools(ZERO_COPY_TOOLS.filter((spec) => spec.id === 'flatc'));
  if (missing) return t.skip(missing);
  const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-fbs-')), 'broken.fbs');
  fs.writeFileSync(broken, 'table A {\n  x:int\n}\nroot_type A;\n');
  await assert.rejects(compare(tuplesSample, path.dirname(broken), '--fbs', broken), (error: { code?: number; stderr?: string }) => {
    assert.equal(error.code, 2);
    assert.match(error.stderr ?? '', new RegExp(`${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:1: expecting: ; instead got: }`));
    return true;
  });
});

test('schema SAMPLE --format fbs|capnp|bop prints the schema the rows translate, notes on stderr; --proto FILE too', async () => {
  const fbs = await run(process.execPath, [cliScript, 'schema', tuplesSample, '--format', 'fbs']);
  assert.match(fbs.stdout, /struct Item \{\n {2}x:int;\n {2}y:double;\n {2}z:double;\n\}/);
  assert.match(fbs.stderr, /note: records of fixed-size fields only are structs/);
  const capnp = await run(process.execPath, [cliScript, 'schema', '--proto', path.join(repoRoot, 'schemas', 'Items.proto'), '--format', 'capnp']);
  assert.match(capnp.stdout, /struct Items \{\n {2}items @0 :List\(Item\);\n\}/);
  const bop = await run(process.execPath, [cliScript, 'schema', path.join(repoRoot, 'schemas', 'events.json'), '--format', 'bop']);
  assert.match(bop.stdout, /struct Root \{\n {2}Item\[\] value;\n\}/);
  await assert.rejects(
    run(process.execPath, [cliScript, 'schema', tuplesSample, '--format', 'thrift']),
    (error: { code?: number; stderr?: string }) => error.code === 2 && /--format takes proto, avsc, fbs, capnp or bop, got 'thrift'/.test(error.stderr ?? ''),
  );
});
