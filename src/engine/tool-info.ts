/** Who measured, on what: printed with every report so figures can be compared honestly. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RuntimeInfo } from '../shared/results';

declare const PAYLOAD_LAB_VERSION: string | undefined;

export function toolVersion(): string {
  if (typeof PAYLOAD_LAB_VERSION !== 'undefined') return PAYLOAD_LAB_VERSION;
  // Running from source (tests): the repository's package.json, two levels up.
  const manifest = path.join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function runtimeInfo(): RuntimeInfo {
  return { node: process.versions.node, v8: process.versions.v8, platform: `${process.platform}-${process.arch}` };
}
