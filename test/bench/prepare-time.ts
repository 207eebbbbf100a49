/**
 * `npm run bench:prepare [RUNS]`: schema inference plus preparation of the schema codecs (avsc,
 * protobufjs) on generated files of structurally varied documents up to 5 MB (issue: real-world
 * JSON, aim under 2 s per codec). Each measurement is a fresh Node process, as a codec's worker
 * is fresh: it parses the file, loads the codec, then times `prepare` (wall time, and CPU time
 * of the process, GC threads included).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { variedDocuments } from '../fixtures/real-world/varied-documents';
import { repoRoot } from '../support/paths';

const CHILD_FLAG = '--prepare-child';
const CODECS = ['avsc', 'protobufjs'];
const DOCUMENTS = [500, 640];

async function child(codec: string, file: string): Promise<void> {
  const { loadCodec } = await import('../../src/codecs/load-codec');
  const sample = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  const { module } = await loadCodec({ builtin: codec });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const prepared = module.prepare(sample, {});
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, schemaChars: prepared.schemaText?.length ?? 0 }));
}

function main(): void {
  const runs = Number(process.argv[2] ?? 3);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-prepare-'));
  console.log(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; ${runs} fresh processes per codec and file`,
  );
  try {
    for (const count of DOCUMENTS) {
      const file = path.join(dir, `varied-${count}.json`);
      fs.writeFileSync(file, JSON.stringify(variedDocuments(count)));
      const megabytes = fs.statSync(file).size / 1e6;
      for (const codec of CODECS) {
        const figures = Array.from(
          { length: runs },
          () =>
            JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', __filename, CHILD_FLAG, codec, file], { cwd: repoRoot, encoding: 'utf8' })) as {
              wallMs: number;
              cpuMs: number;
              schemaChars: number;
            },
        );
        const list = (pick: (figure: (typeof figures)[number]) => number) => figures.map((figure) => (pick(figure) / 1000).toFixed(2)).join(' / ');
        console.log(
          `${count} documents (${megabytes.toFixed(1)} MB) ${codec.padEnd(10)} prepare wall ${list((f) => f.wallMs)} s, CPU ${list((f) => f.cpuMs)} s; schema text ${(figures[0]!.schemaChars / 1e6).toFixed(2)} MB (aim < 2 s)`,
        );
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === CHILD_FLAG) void child(process.argv[3]!, process.argv[4]!);
else main();
