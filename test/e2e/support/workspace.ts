/** A throwaway workspace and VS Code profile for one e2e run. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fixture, tuplesSample } from '../../support/paths';

export interface E2eDirs {
  root: string;
  workspace: string;
  extensionsDir: string;
  userDataDir: string;
}

export interface E2eOptions {
  /**
   * Workspace trust on, and the folder not trusted: VS Code's Restricted Mode, without its
   * startup prompt (default: trust off, as `--disable-workspace-trust` makes it).
   */
  untrusted?: boolean;
  /** More User settings. */
  userSettings?: Record<string, unknown>;
}

export function makeE2eDirs(options: E2eOptions = {}): E2eDirs {
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
  fs.mkdirSync(path.join(dirs.userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(dirs.userDataDir, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'security.workspace.trust.enabled': options.untrusted === true,
        ...(options.untrusted ? { 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.emptyWindow': false } : {}),
        // VS Code for the Web (code-server) saves edits after a second by default, the desktop
        // never: the desktop's default, so unsaved edits stay unsaved while a test reads them.
        'files.autoSave': 'off',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        // No network here: telemetry's failing lookups and retries would run beside the measuring.
        'telemetry.telemetryLevel': 'off',
        // Right-click runs use the settings: quick keeps the suite short, and so does a 5 ms
        // warm-up where the engine's rule gives 50 (no e2e check reads a time).
        'payloadLab.quickMode': true,
        'payloadLab.warmupMs': 5,
        ...options.userSettings,
      },
      null,
      2,
    ),
  );
  return dirs;
}

/**
 * Machine settings (`payloadLab.tools.*`) as code-server reads them: its window is a remote one
 * (the extension host runs on the server), so VS Code takes machine settings from the Remote
 * settings (`<user-data-dir>/Machine/settings.json`), not from User or workspace settings.
 */
export function writeMachineSettings(dirs: E2eDirs, settings: Record<string, unknown>): void {
  fs.mkdirSync(path.join(dirs.userDataDir, 'Machine'), { recursive: true });
  fs.writeFileSync(path.join(dirs.userDataDir, 'Machine', 'settings.json'), JSON.stringify(settings, null, 2));
}
