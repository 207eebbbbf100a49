/**
 * The FlatBuffers, Cap'n Proto and Bebop generators for tests, found by the product's own
 * discovery. test/support/install-zero-copy-tools.sh installs them (CI runs it); where its
 * bebopc.wasm exists and PAYLOAD_LAB_BEBOPC is unset, the variable is pointed at it here, as
 * `eval "$(bash test/support/install-zero-copy-tools.sh)"` would.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ToolSpec } from '../../src/codegen/tool-spec';
import { missingTools } from './codegen-tools';

export const BEBOP_TOOLS_DIR = path.join(
  process.env.PAYLOAD_LAB_TOOLS_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'payload-lab-tools'),
  'bebop-tools-3.2.3',
);
const wasm = path.join(BEBOP_TOOLS_DIR, 'bebopc.wasm');
if (!process.env.PAYLOAD_LAB_BEBOPC && fs.existsSync(wasm)) process.env.PAYLOAD_LAB_BEBOPC = wasm;

export const INSTALL_ZERO_COPY_TOOLS = 'eval "$(bash test/support/install-zero-copy-tools.sh)"';

/** Why a test that needs these tools cannot run here, or undefined when every one is found. */
export const missingZeroCopyTools = (specs: readonly ToolSpec[]) => missingTools(specs, INSTALL_ZERO_COPY_TOOLS);
