/**
 * The generated-code rows in the e2e runs: their tools, found here as the product finds them
 * and handed to VS Code as `payloadLab.tools.*` settings (the route of a user whose tools are not
 * on PATH; the installed extension has no node_modules of its own to find the npm plugins in),
 * the rows as the panel shows them, and the same sample through the CLI to compare with.
 */
import { spawnSync } from 'node:child_process';
import type { Frame } from 'playwright-core';
import { findTool } from '../../../src/codegen/find-tool';
import { TOOL_SPECS } from '../../../src/codegen/tool-registry';
import { remnantCells } from '../../../src/analysis/matrix';
import { REMNANT_KINDS } from '../../../src/shared/remnant-kinds';
import { roundTripLabel } from '../../../src/shared/round-trip-text';
import type { SizesReport, SizesRow } from '../../../src/shared/sizes';
import { cliScript } from '../../support/paths';
import { missingTools } from '../../support/codegen-tools';
import { newest } from './workbench';
// Points PAYLOAD_LAB_BEBOPC at the bebopc.wasm install-zero-copy-tools.sh fetched, where it did.
import '../../support/zero-copy-tools';

/** Every generated-code row, with the label Run Benchmark… lists it by. */
export const GENERATED_ROWS = [
  { codec: 'google-protobuf', label: 'Protocol Buffers (google-protobuf)' },
  { codec: 'ts-proto', label: 'Protocol Buffers (ts-proto)' },
  { codec: 'protobuf-ts', label: 'Protocol Buffers (protobuf-ts)' },
  { codec: 'flatbuffers', label: 'FlatBuffers (flatbuffers)' },
  { codec: 'capnp', label: "Cap'n Proto (capnp-es)" },
  { codec: 'bebop', label: 'Bebop (bebop)' },
] as const;

/** `payloadLab.tools.*` for every tool, or why these tests cannot run here. */
export async function toolSettings(): Promise<{ settings: Record<string, string> } | { missing: string }> {
  const missing = await missingTools(
    TOOL_SPECS,
    'eval "$(bash test/support/install-codegen-tools.sh)"; eval "$(bash test/support/install-zero-copy-tools.sh)"',
  );
  if (missing) return { missing };
  const lookups = await Promise.all(TOOL_SPECS.map((spec) => findTool(spec)));
  return { settings: Object.fromEntries(lookups.flatMap((lookup) => (lookup.found ? [[`payloadLab.tools.${lookup.spec.id}`, lookup.path]] : []))) };
}

export interface ShownRow {
  status: string;
  roundTrip: string;
  remnantKinds: string[];
}

/** A row as the panel's table shows it: its state, round trip and remnant badges. */
export async function shownRow(frame: Frame, codec: string): Promise<ShownRow> {
  const row = newest(frame, `tr[data-codec="${codec}"]`);
  const status = /row-(completed|errored|skipped)/.exec((await row.getAttribute('class')) ?? '')?.[1] ?? 'pending';
  if (status !== 'completed') return { status: `${status}: ${await row.locator('.failure-message').textContent()}`, roundTrip: '', remnantKinds: [] };
  const roundTrip = ((await row.locator('td.round-trip').textContent()) ?? '').trim();
  const remnantKinds = await row.locator('td.remnants .badge[data-kind]').evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-kind') ?? ''));
  return { status, roundTrip, remnantKinds };
}

/** The same row as the CLI's --json reports it, in the panel's words (a sized row is one the panel shows completed). */
export function reportedRow(row: SizesRow): ShownRow {
  if (row.status !== 'sized') return { status: `${row.status}: ${row.error.message}`, roundTrip: '', remnantKinds: [] };
  const cells = remnantCells(row.remnants);
  return { status: 'completed', roundTrip: roundTripLabel(row.roundTrip), remnantKinds: REMNANT_KINDS.filter((kind) => cells[kind]) };
}

/**
 * `payload-lab compare SAMPLE --codecs … --sizes-only --json` with these tools and cache: what is
 * compared with the panel (status, round trip, remnants) is no time, so the CLI times nothing.
 */
export function cliReport(sample: string, codecs: readonly string[], cacheDir: string, settings: Record<string, string>): SizesReport {
  // The settings' paths as the CLI takes them: the tools' environment variables.
  const env = { ...process.env };
  for (const spec of TOOL_SPECS) {
    const chosen = settings[`payloadLab.tools.${spec.id}`];
    if (chosen) env[spec.env] = chosen;
  }
  const run = spawnSync(process.execPath, [cliScript, 'compare', sample, '--codecs', codecs.join(','), '--sizes-only', '--json', '--cache-dir', cacheDir], {
    encoding: 'utf8',
    env,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the CLI exited with ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout) as SizesReport;
}
