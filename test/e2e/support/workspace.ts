/** A throwaway workspace and VS Code profile for one e2e run. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fixture, tuplesSample } from '../../support/paths';
import { variedDocuments } from '../../fixtures/real-world/varied-documents';

export interface E2eDirs {
  root: string;
  workspace: string;
  extensionsDir: string;
  userDataDir: string;
}

export function makeE2eDirs(): E2eDirs {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-e2e-'));
  const dirs = {
    root,
    workspace: path.join(root, 'workspace'),
    extensionsDir: path.join(root, 'extensions'),
    userDataDir: path.join(root, 'user-data'),
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(fixture('mixed-sample.json'), path.join(dirs.workspace, 'orders.json'));
  fs.copyFileSync(tuplesSample, path.join(dirs.workspace, 'tuples.json'));
  fs.writeFileSync(path.join(dirs.workspace, 'broken.json'), '{\n  "items": [1, 2],\n  "total": tru\n}\n');
  fs.writeFileSync(path.join(dirs.workspace, 'notes.txt'), 'not a sample\n');
  // Irregular JSON (issue: real-world JSON): 500 documents of different shapes, 3.9 MB (the issue asks for 4 MB).
  fs.writeFileSync(path.join(dirs.workspace, 'varied.json'), JSON.stringify(variedDocuments(500)));
  fs.mkdirSync(path.join(dirs.userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.userDataDir, 'User', 'settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'security.workspace.trust.enabled': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    // No network here: telemetry's failing lookups and retries would run beside the measuring.
    'telemetry.telemetryLevel': 'off',
    // Right-click runs use the settings: quick keeps the suite short.
    'payloadLab.quickMode': true,
  }, null, 2));
  return dirs;
}
