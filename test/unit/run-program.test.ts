/**
 * The launcher of external programs (src/processes/run-program.ts) with real processes: the
 * timeout, the exit and its stderr tail, a program that cannot start, cancel, binary stdout,
 * the process group (what a program starts dies with it), and the case it exists for: a code
 * generator started inside a codec worker dies when the run is cancelled, as the worker does.
 * Needs `npm run build` (the codec worker bundle) for the last test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ProgramRunError, runProgram } from '../../src/processes/run-program';
import { compareSample } from '../../src/engine/compare';
import { CancelledError } from '../../src/shared/cancelled';
import { tuplesSample, workerScript } from '../support/paths';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-run-program-'));

const failsWith = (reason: ProgramRunError['reason'], pattern: RegExp) => (error: unknown) =>
  error instanceof ProgramRunError && error.reason === reason && pattern.test(error.message);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until none of the pids is alive; false if one still is after `timeoutMs`. */
async function allGone(pids: number[], timeoutMs = 5000): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (!pids.some(isAlive)) return true;
  }
  return false;
}

async function pidsWritten(file: string, count: number, timeoutMs = 30_000): Promise<number[]> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const pids = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number) : [];
    if (pids.length >= count) return pids;
  }
  throw new Error(`${file} did not get ${count} pids`);
}

test('a program past its timeout is killed and the error says so; an exit keeps the tail of stderr; a missing one cannot start', async () => {
  await assert.rejects(runProgram('sleep', ['30'], { timeoutMs: 300 }), failsWith('timeout', /^sleep 30: stopped after 300 ms \(timeout\)$/));
  await assert.rejects(
    runProgram('sh', ['-c', 'echo "x.proto:3:1: Expected field name." >&2; exit 1'], { timeoutMs: 10_000 }),
    failsWith('exit', /exited with code 1: x\.proto:3:1: Expected field name\./),
  );
  await assert.rejects(runProgram(path.join(scratch(), 'missing'), [], { timeoutMs: 5000 }), failsWith('not-started', /could not start \(ENOENT/));
  // A fatal signal said as the supervisor says it for our own children.
  await assert.rejects(runProgram('sh', ['-c', 'kill -SEGV $$'], { timeoutMs: 10_000 }), failsWith('exit', /was killed by SIGSEGV \(segmentation fault\)/));
});

test('aborting the signal kills the program; an aborted signal starts nothing', async () => {
  const controller = new AbortController();
  const running = runProgram('sleep', ['30'], { timeoutMs: 60_000, signal: controller.signal });
  setTimeout(() => controller.abort(), 300);
  const cancelled = (error: unknown) => error instanceof CancelledError && /^sleep 30: cancelled$/.test(error.message);
  await assert.rejects(running, cancelled);
  await assert.rejects(runProgram('sleep', ['30'], { timeoutMs: 60_000, signal: AbortSignal.abort() }), cancelled);
});

test('stdout comes back as the program wrote it: text, or bytes with binaryStdout; the environment and folder are the ones given', async () => {
  const dir = scratch();
  const text = await runProgram('sh', ['-c', 'printf "%s in %s" "$GREETING" "$(pwd)"'], {
    timeoutMs: 10_000,
    cwd: dir,
    env: { ...process.env, GREETING: 'héllo' },
  });
  assert.equal(text.stdout, `héllo in ${fs.realpathSync(dir)}`);
  const all = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
  fs.writeFileSync(path.join(dir, 'bytes'), all);
  const binary = await runProgram('cat', [path.join(dir, 'bytes')], { timeoutMs: 10_000, binaryStdout: true });
  assert.deepEqual(Buffer.from(binary.bytes!), all);
});

test('what a program started dies with it (its process group), on timeout and on cancel', async () => {
  for (const how of ['timeout', 'cancel'] as const) {
    const pidFile = path.join(scratch(), 'pids');
    const controller = new AbortController();
    // A compiler that started a plugin: both must go.
    const running = runProgram('sh', ['-c', `sleep 300 & echo $! >> ${pidFile}; echo $$ >> ${pidFile}; wait`], {
      timeoutMs: how === 'timeout' ? 1500 : 60_000,
      signal: controller.signal,
    });
    const pids = await pidsWritten(pidFile, 2);
    if (how === 'cancel') controller.abort();
    await assert.rejects(running, how === 'timeout' ? ProgramRunError : CancelledError);
    assert.ok(await allGone(pids), `${how}: ${pids.filter(isAlive).join(', ')} still running`);
  }
});

test('a code generator started inside a codec worker is killed, with what it started, when the run is cancelled', async () => {
  const dir = scratch();
  const pidFile = path.join(dir, 'pids');
  // A protoc that answers --version, then "generates" forever, with a plugin of its own.
  const protoc = path.join(dir, 'protoc');
  fs.writeFileSync(
    protoc,
    `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "libprotoc 99.1.$$"; exit 0; fi\nsleep 300 & echo $! >> ${pidFile}\necho $$ >> ${pidFile}\nwait\n`,
    { mode: 0o755 },
  );
  const controller = new AbortController();
  const run = compareSample(
    { path: tuplesSample },
    { codecs: ['ts-proto'], quick: true, workerScript, codegen: { cacheDir: path.join(dir, 'cache'), tools: { protoc } }, signal: controller.signal },
  );
  const pids = await pidsWritten(pidFile, 2, 120_000);
  controller.abort();
  await assert.rejects(run, CancelledError);
  assert.ok(await allGone(pids), `still running after the worker was stopped: ${pids.filter(isAlive).join(', ')}`);
});
