/** The Payload Lab output channel's log, as the extension host wrote it into the profile. */
import * as fs from 'node:fs';
import * as path from 'node:path';

export function extensionLogLines(userDataDir: string): string[] {
  const root = path.join(userDataDir, 'logs');
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) => name.endsWith('Payload Lab.log'));
  return files.flatMap((name) => fs.readFileSync(path.join(root, name), 'utf8').split('\n'));
}
