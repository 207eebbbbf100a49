/** The .vsix exactly as `npm run package` builds it, written into a folder of the test's. */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { repoRoot } from '../../support/paths';

/** A .vsix packaged once for the whole suite (test/support/run-suite.ts): each file installs that one. */
export const PACKAGED_VSIX_ENV = 'PAYLOAD_LAB_E2E_VSIX';

export function packageVsix(outDir: string): string {
  const packaged = process.env[PACKAGED_VSIX_ENV];
  if (packaged) return packaged;
  const out = path.join(outDir, 'payload-lab.vsix');
  execFileSync('npm', ['run', '--silent', 'package', '--', '--out', out], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 });
  return out;
}
