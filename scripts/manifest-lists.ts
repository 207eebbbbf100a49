/**
 * The lists package.json must spell out (VS Code reads a setting's choices from there and nowhere
 * else), written from the code they mirror: `payloadLab.defaultCodecs`' choices are the codec
 * registry's ids in its order and its default the registry's default codecs; `payloadLab.transport`'s
 * choices are the transports the verdict knows. Adding a codec or a transport is then one change
 * in the code and `npm run manifest:lists`; `test/unit/manifest-lists.test.ts` fails while
 * package.json holds older lists.
 *
 * Usage: node --import tsx scripts/manifest-lists.ts   (rewrites package.json in place)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as prettier from 'prettier';
import { builtinCodecs, DEFAULT_CODEC_IDS } from '../src/codecs/registry';
import { TRANSPORT_IDS } from '../src/shared/transport';

export const manifestPath = path.resolve(__dirname, '..', 'package.json');

interface Setting {
  default?: unknown;
  enum?: unknown[];
  enumDescriptions?: string[];
  items?: { enum?: unknown[] };
}

/** `text` (package.json) with its lists as the code has them, formatted as Prettier formats the file. */
export async function withManifestLists(text: string): Promise<string> {
  const manifest = JSON.parse(text) as { contributes: { configuration: { properties: Record<string, Setting> } } };
  const properties = manifest.contributes.configuration.properties;
  const setting = (key: string): Setting => {
    const found = properties[key];
    if (!found) throw new Error(`package.json has no setting ${key}`);
    return found;
  };
  const codecs = setting('payloadLab.defaultCodecs');
  codecs.items = { ...codecs.items, enum: builtinCodecs.map((codec) => codec.id) };
  codecs.default = [...DEFAULT_CODEC_IDS];
  const transport = setting('payloadLab.transport');
  // A description is written by hand for each choice: a new transport needs its words first.
  if (transport.enumDescriptions && transport.enumDescriptions.length !== TRANSPORT_IDS.length)
    throw new Error(
      `payloadLab.transport has ${transport.enumDescriptions.length} enumDescriptions for ${TRANSPORT_IDS.length} transports (${TRANSPORT_IDS.join(', ')}): write one per transport, in that order`,
    );
  transport.enum = [...TRANSPORT_IDS];
  const options = await prettier.resolveConfig(manifestPath);
  return prettier.format(JSON.stringify(manifest, null, 2), { ...options, filepath: manifestPath });
}

async function main(): Promise<void> {
  const text = fs.readFileSync(manifestPath, 'utf8');
  const written = await withManifestLists(text);
  if (written === text) {
    console.log('package.json: its lists are the code’s already');
    return;
  }
  fs.writeFileSync(manifestPath, written);
  console.log('package.json: lists rewritten from the codec registry and the transports');
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
