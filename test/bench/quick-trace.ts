/**
 * `npm run bench:trace`: where a quick run's time goes, on the generated 3.9 MB file of 500
 * varied documents (the varied-documents case). One quick comparison through the engine, printing each stage
 * the codecs' workers enter, with the time since the start, then per codec: its open (first
 * stage until `measure`: worker start, parse, prepare, first encode and decode, verify) and its
 * timing (from `measure` until the next codec's worker reports its first stage, which includes
 * that worker's start). A first round times one codec at a time, so opens and timings add up
 * to the run; each finish runs beside the next codec's open.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareSample } from '../../src/engine/compare';
import { variedDocuments } from '../fixtures/real-world/varied-documents';
import { workerScript } from '../support/paths';

interface CodecSpan {
  codec: string;
  firstStage: number;
  measure?: number;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-trace-'));
  try {
    const file = path.join(dir, 'varied-documents-500.json');
    fs.writeFileSync(file, JSON.stringify(variedDocuments(500)));
    console.log(
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}; quick run of ${(fs.statSync(file).size / 1e6).toFixed(1)} MB, first round`,
    );
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const spans: CodecSpan[] = [];
    const report = await compareSample(
      { path: file },
      {
        quick: true,
        workerScript,
        onStage: (codec, stage, progress) => {
          if (progress.round !== 1) return;
          const at = seconds();
          console.log(`${at.toFixed(2).padStart(7)} s  ${codec.padEnd(11)} ${stage}`);
          let span = spans.find((entry) => entry.codec === codec);
          if (!span) spans.push((span = { codec, firstStage: at }));
          if (stage === 'measure') span.measure ??= at;
        },
      },
    );
    const total = seconds();
    console.log(`\nrun: ${total.toFixed(1)} s, ${report.settings.rounds} round${report.settings.rounds === 1 ? '' : 's'}`);
    let opens = 0;
    let timings = 0;
    spans.forEach((span, index) => {
      if (span.measure === undefined) return void console.log(`  ${span.codec.padEnd(11)} did not reach its timing`);
      const open = span.measure - span.firstStage;
      const timing = (spans[index + 1]?.firstStage ?? total) - span.measure;
      opens += open;
      timings += timing;
      console.log(`  ${span.codec.padEnd(11)} open ${open.toFixed(2)} s, timing (with the next worker's start) ${timing.toFixed(2)} s`);
    });
    console.log(`  opens ${opens.toFixed(1)} s, timings ${timings.toFixed(1)} s (the last one includes the last finish)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
