/** The .vsix exactly as `npm run package` builds it, written into a folder of the test's. */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { repoRoot } from '../../support/paths';

export function packageVsix(outDir: string): string {
  const out = path.join(outDir, 'payload-lab.vsix');
  execFileSync('npm', ['run', '--silent', 'package', '--', '--out', out], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
  return out;
}
