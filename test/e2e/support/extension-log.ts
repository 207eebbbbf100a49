/** The Payload Lab output channel's log, as the extension host wrote it into the profile. */
import * as fs from 'node:fs';
import * as path from 'node:path';

export function extensionLogLines(userDataDir: string): string[] {
  const root = path.join(userDataDir, 'logs');
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) => name.endsWith('Payload Lab.log'));
  return files.flatMap((name) => fs.readFileSync(path.join(root, name), 'utf8').split('\n'));
}

const stamp = (line: string) => Date.parse(line.slice(0, 23).replace(' ', 'T'));

/**
 * Seconds from the log's "run N: …/FILE with …" to its "run N: finished", for the last run
 * of that file: the run as the extension host timed it, without the click, the panel's
 * drawing or the test's polling. Undefined when the log holds no finished run of it.
 */
export function loggedRunSeconds(lines: readonly string[], fileName: string): number | undefined {
  const start = lines.findLast((line) => line.includes(`/${fileName} with `) && /\] run \d+: /.test(line));
  const runId = start?.match(/\] (run \d+): /)?.[1];
  const end = runId && lines.find((line) => line.includes(`] ${runId}: finished`) && stamp(line) >= stamp(start!));
  return end ? (stamp(end) - stamp(start!)) / 1000 : undefined;
}
