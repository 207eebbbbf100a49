/**
 * The small Node program every external tool is started through (run-program.ts). Terminating
 * a worker thread does not kill the processes it spawned (they belong to the process, not the
 * thread; checked: a protoc started by a codec worker outlived its worker), and a worker that is
 * terminated runs no cleanup of its own. What does happen is that the thread's pipes close. So
 * the tool is started by this watchdog, whose stdin is a pipe from the caller: the first line
 * says what to run, and the end of stdin, whoever ends it (the caller's timeout or cancel, a
 * terminated worker, a crashed host), kills the tool's whole process group (protoc's plugins,
 * the `node` capnp starts for capnpc-ts). There is no moment at which the tool runs unwatched:
 * the pipe exists before the tool does.
 *
 * Passed with `-e` (like the WASI runner, wasi.ts): nothing but Node is needed on disk, and the
 * bundles stay as they are. fd 3 carries the watchdog's own reports, one JSON line each:
 * `{ "pid": n }` once the tool runs, `{ "exit": { code, signal } }` when it ended,
 * `{ "error": { code, message } }` when it could not start. stdout and stderr are the tool's
 * own (inherited, so binary output passes untouched).
 */
export const WATCHDOG_SOURCE = `
const { spawn, spawnSync } = require('node:child_process');
const { writeSync } = require('node:fs');
const report = (message) => { try { writeSync(3, JSON.stringify(message) + '\\n'); } catch {} };
let tool;
let ended = false;
const killGroup = () => {
  if (!tool || tool.pid === undefined) return;
  try {
    if (process.platform === 'win32') spawnSync('taskkill', ['/pid', String(tool.pid), '/T', '/F'], { windowsHide: true });
    else process.kill(-tool.pid, 'SIGKILL');
  } catch {}
};
let line = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  if (tool) return;
  line += chunk;
  const end = line.indexOf('\\n');
  if (end === -1) return;
  const spec = JSON.parse(line.slice(0, end));
  tool = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'inherit', 'inherit'], detached: process.platform !== 'win32', windowsHide: true });
  tool.once('spawn', () => report({ pid: tool.pid }));
  tool.once('error', (error) => {
    if (tool.pid !== undefined) return;
    report({ error: { code: error.code, message: error.message } });
    process.exit(0);
  });
  tool.once('exit', (code, signal) => {
    ended = true;
    // Whatever the tool left running in its group goes with it.
    killGroup();
    report({ exit: { code, signal } });
    process.exit(0);
  });
});
const stop = () => {
  if (!ended) killGroup();
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
`;
