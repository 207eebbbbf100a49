/**
 * The lists package.json spells out, because VS Code reads them from there and nowhere else,
 * against the code they mirror (scripts/manifest-lists.ts writes the codecs' and transports'): the codec choices of `payloadLab.defaultCodecs` are the
 * registry's ids in its order, the `payloadLab.tools.*` settings are TOOL_SPECS' ids in theirs,
 * and the `payloadLab.transport` choices are the transports the verdict knows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { builtinCodecs } from '../../src/codecs/registry';
import { TOOL_SPECS } from '../../src/codegen/tool-registry';
import { TRANSPORT_IDS } from '../../src/shared/transport';
import { repoRoot } from '../support/paths';
import { withManifestLists } from '../../scripts/manifest-lists';

interface Declared {
  enum?: string[];
  items?: { enum?: string[] };
}

const manifestText = fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
const properties = (JSON.parse(manifestText) as { contributes: { configuration: { properties: Record<string, Declared> } } }).contributes.configuration
  .properties;

/** The failure message says what to paste: the list as package.json should hold it. */
const paste = (list: readonly string[]) =>
  `package.json should list, in this order: ${JSON.stringify(list)} (npm run manifest:lists writes the codecs and transports)`;

test("payloadLab.defaultCodecs offers the registry's codec ids, in the registry's order", () => {
  const ids = builtinCodecs.map((codec) => codec.id);
  assert.deepEqual(properties['payloadLab.defaultCodecs']!.items?.enum, ids, paste(ids));
});

test('payloadLab.tools.* has one setting per tool of TOOL_SPECS, in its order', () => {
  const tools = Object.keys(properties)
    .filter((key) => key.startsWith('payloadLab.tools.'))
    .map((key) => key.slice('payloadLab.tools.'.length));
  const ids = TOOL_SPECS.map((spec) => spec.id);
  assert.deepEqual(tools, ids, paste(ids.map((id) => `payloadLab.tools.${id}`)));
  const needed = new Set(builtinCodecs.flatMap((codec) => codec.tools ?? []));
  assert.deepEqual(
    [...needed].filter((id) => !tools.includes(id)),
    [],
    'tools a codec needs that have no setting',
  );
});

test('payloadLab.transport offers the transports the verdict knows, in their order', () => {
  assert.deepEqual(properties['payloadLab.transport']!.enum, [...TRANSPORT_IDS], paste(TRANSPORT_IDS));
});

test('npm run manifest:lists has nothing to write: package.json holds the lists as the code gives them, formatted as Prettier would', async () => {
  assert.equal(await withManifestLists(manifestText), manifestText);
});

test('a codec left out of package.json, or one out of order, is written back in the registry order; the rest of the file stays', async () => {
  const manifest = JSON.parse(manifestText) as { contributes: { configuration: { properties: Record<string, { items: { enum: string[] } }> } } };
  const codecs = manifest.contributes.configuration.properties['payloadLab.defaultCodecs']!.items;
  codecs.enum = codecs.enum.filter((id) => id !== 'bser').reverse();
  const shuffled = JSON.stringify(manifest, null, 2);
  assert.notEqual(shuffled, manifestText);
  assert.equal(await withManifestLists(shuffled), manifestText);
});

test('a transport without its description is refused, saying what to write', async () => {
  const manifest = JSON.parse(manifestText) as { contributes: { configuration: { properties: Record<string, { enumDescriptions?: string[] }> } } };
  manifest.contributes.configuration.properties['payloadLab.transport']!.enumDescriptions!.pop();
  await assert.rejects(
    withManifestLists(JSON.stringify(manifest)),
    /payloadLab\.transport has \d+ enumDescriptions for \d+ transports \(raw, gzip, .*\): write one per transport/,
  );
});
