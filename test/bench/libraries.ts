/**
 * `npm run bench:libraries`: every codec (`--codecs all`) in consecutive default runs on the
 * bundled datasets, printed as docs/benchmarks/libraries.md's table: library version, format, schema
 * need, size ratio, each run's median speed-up, remnants, and whether the format's reference
 * decoder reads the bytes; the published figures beside ours where they exist.
 * Options: --runs N (default 2), --datasets tuples,events, --codecs a,b (default all), --quick.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { compareSample } from '../../src/engine/compare';
import { builtinCodecs, expandCodecSelection, findBuiltinCodec } from '../../src/codecs/registry';
import { remnantSummary } from '../../src/report/export';
import { describeInterop } from '../../src/shared/interop-text';
import type { ComparisonReport, CompletedResult } from '../../src/shared/results';
import { repoRoot, workerScript } from '../support/paths';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    datasets: { type: 'string', default: 'tuples,events' },
    codecs: { type: 'string', default: 'all' },
    quick: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);

/** Published figures (Node 22, tuple dataset): size ratio, encode and decode against JSON. */
const PUBLISHED: Record<string, { ratio?: string; encode?: string; decode?: string }> = {
  avsc: { ratio: '0.32', encode: '8–12×', decode: '3–7×' },
  protobufjs: { ratio: '0.42', encode: '0.2–0.7× (with fromObject)', decode: '1–3×' },
  'protobufjs-fromobject': { ratio: '0.42', encode: '0.2–0.7×', decode: '1–3×' },
  msgpackr: { ratio: '0.53', encode: '2–4×', decode: '2–3×' },
  'cbor-x': { ratio: '0.53', encode: '2–4×', decode: '2–3×' },
  'msgpackr-records': { ratio: '≈0.39' },
  'cbor-x-records': { ratio: '≈0.44' },
  bson: { ratio: '0.79', encode: '0.8–1×', decode: '1–3×' },
  v8: { ratio: '0.61' },
  bser: { ratio: '0.67' },
  'avsc-forvalue': { ratio: '0.17 (lossy)' },
};

const completedRow = (report: ComparisonReport, codec: string) =>
  report.results.find((row): row is CompletedResult => row.codec === codec && row.status === 'completed');
const x = (value: number) => `${value.toFixed(2)}×`;

async function main(): Promise<void> {
  const codecs = expandCodecSelection(values.codecs.split(','));
  console.log(
    `Payload Lab libraries benchmark — Node ${process.versions.node}, ${os.cpus().length} cores, ${RUNS} consecutive ${values.quick ? 'quick' : 'default'} runs of every codec per dataset\n`,
  );
  for (const name of values.datasets.split(',')) {
    const file = path.join(repoRoot, 'schemas', `${name}.json`);
    const bytes = fs.readFileSync(file);
    const runs: ComparisonReport[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const started = Date.now();
      runs.push(await compareSample({ path: file, bytes }, { workerScript, codecs, quick: values.quick }));
      console.log(`  ${name} run ${run}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(`\n${name}:\n`);
    console.log(
      '| codec | library | format | schema | ratio | published | encode vs JSON | decode vs JSON | published enc. / dec. | round trip | remnants | readable by the reference decoder |',
    );
    console.log('| --- | --- | --- | --- | ---: | ---: | --- | --- | --- | --- | --- | --- |');
    for (const codec of builtinCodecs) {
      if (codec.id === 'json' || !codecs.includes(codec.id)) continue;
      const first = runs[0]!.results.find((row) => row.codec === codec.id)!;
      const published = name === 'tuples' ? PUBLISHED[codec.id] : undefined;
      const library = first.library === 'node:v8' ? `node:v8 (${first.libraryVersion})` : `${first.library} ${first.libraryVersion}`;
      const schema = findBuiltinCodec(codec.id)!.needsSchema ? 'yes' : 'no';
      if (first.status !== 'completed') {
        console.log(
          `| ${codec.label} | ${library} | ${codec.format} | ${schema} | — | ${published?.ratio ?? '—'} | ${first.status}: ${first.error.message.slice(0, 90)} | | | | | |`,
        );
        continue;
      }
      const speedups = (op: 'encode' | 'decode') =>
        runs
          .map((report) => completedRow(report, codec.id)?.speedupVsJson?.[op])
          .map((value) => (value === undefined ? '—' : x(value)))
          .join(' ');
      const publishedSpeed = published?.encode ? `${published.encode} / ${published.decode}` : '—';
      console.log(
        `| ${codec.label} | ${library} | ${codec.format} | ${schema} | ${first.ratio?.toFixed(3) ?? '—'} | ${published?.ratio ?? '—'} | ${speedups('encode')} | ${speedups('decode')} | ${publishedSpeed} | ${first.roundTrip.status} | ${remnantSummary(first)} | ${first.interop ? describeInterop(first.interop) : '—'} |`,
      );
    }
    console.log('');
  }
}

void main();
