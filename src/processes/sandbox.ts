/**
 * The sandbox that generated code runs in: a forked Node child under Node's permission model,
 * allowed to read only the folders it is given (the bundles, the generated code's cache entry,
 * the sample file) and nothing else: no file writes, no child processes, no worker threads, no
 * native addons, no WASI. The flag is `--experimental-permission` up to Node 22.12 and 23.4,
 * `--permission` from 22.13 and 23.5 (the flag was renamed when the model became stable).
 *
 * What it does not cover: the network. Node's permission model (20, 22) has no network
 * permission, so generated code can still open sockets (`node:net`, `node:http`); the child
 * starts without the `fetch` and `WebSocket` globals and with an empty environment (no
 * variables to read), which takes away the easy paths, not the network itself.
 */

export interface SandboxSupport {
  ok: boolean;
  /** Why there is none: "Node 18.19.0 has no permission model…". */
  why?: string;
}

/** The permission model's flag for Node `version` ("20.20.2"), or undefined where Node has none. */
export function permissionFlag(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major < 20) return undefined;
  if (major > 23 || (major === 23 && minor >= 5) || (major === 22 && minor >= 13)) return '--permission';
  return '--experimental-permission';
}

/** Whether this Node can start a sandbox. */
export function sandboxSupport(version: string = process.versions.node): SandboxSupport {
  if (permissionFlag(version)) return { ok: true };
  return { ok: false, why: `Node ${version} has no permission model (Node 20 or later has), so no sandbox can be started for generated code` };
}

/** The child's flags: the permission model, and reads of `readable` (folders or files) only. */
export function sandboxExecArgv(readable: readonly string[], version: string = process.versions.node): string[] {
  const flag = permissionFlag(version);
  if (!flag) throw new Error(sandboxSupport(version).why);
  // One flag per path: Node 20.x from 20.7 no longer splits a flag's value at commas.
  return [flag, ...[...new Set(readable)].map((item) => `--allow-fs-read=${item}`)];
}

/** What generated code may not do here, each a permission the process must lack. */
const DENIED = ['fs.write', 'child', 'worker'] as const;

/**
 * Why this process is not a sandbox for generated code, or undefined when it is: the permission
 * model is on and file writes, child processes and worker threads are denied.
 */
export function notSandboxedBecause(): string | undefined {
  const permission = (process as { permission?: { has(scope: string, reference?: string): boolean } }).permission;
  if (!permission) return "this process runs without Node's permission model";
  const granted = DENIED.filter((scope) => permission.has(scope));
  return granted.length === 0
    ? undefined
    : `this process may ${granted.map((scope) => ({ 'fs.write': 'write files', child: 'start processes', worker: 'start worker threads' })[scope]).join(', ')}`;
}

/** Globals a sandboxed child starts without: the easy ways to the network. */
export function removeNetworkGlobals(): void {
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest']) {
    Reflect.deleteProperty(globalThis, name);
  }
}
