/**
 * The code generators for tests, found by the product's own discovery (settings, environment,
 * PATH). test/support/install-codegen-tools.sh installs them (CI runs it); where its
 * protoc-gen-js build exists and PAYLOAD_LAB_PROTOC_GEN_JS is unset, the variable is pointed at
 * it here, as `eval "$(bash test/support/install-codegen-tools.sh)"` would.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findTool } from '../../src/codegen/find-tool';
import type { ToolSpec } from '../../src/codegen/tool-spec';

const built = path.join(
  process.env.PAYLOAD_LAB_TOOLS_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'payload-lab-tools'),
  'protoc-gen-js',
);
if (!process.env.PAYLOAD_LAB_PROTOC_GEN_JS && fs.existsSync(built)) process.env.PAYLOAD_LAB_PROTOC_GEN_JS = built;

export const INSTALL_TOOLS = 'eval "$(bash test/support/install-codegen-tools.sh)"';

/** Why a test that needs these tools cannot run here, or undefined when every one is found. */
export async function missingTools(specs: readonly ToolSpec[], install = INSTALL_TOOLS): Promise<string | undefined> {
  const lookups = await Promise.all(specs.map((spec) => findTool(spec)));
  const missing = lookups.flatMap((lookup) => (lookup.found ? [] : [lookup.spec.executable]));
  return missing.length === 0 ? undefined : `not installed: ${missing.join(', ')} (install them with: ${install})`;
}
