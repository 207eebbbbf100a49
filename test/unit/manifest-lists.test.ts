/**
 * The lists package.json spells out by hand, because VS Code reads them from there and nowhere
 * else, against the code they mirror: the codec choices of `payloadLab.defaultCodecs` are the
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

interface Declared {
  enum?: string[];
  items?: { enum?: string[] };
}

const properties = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, Declared> } } }
).contributes.configuration.properties;

/** The failure message says what to paste: the list as package.json should hold it. */
const paste = (list: readonly string[]) => `package.json should list, in this order: ${JSON.stringify(list)}`;

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
