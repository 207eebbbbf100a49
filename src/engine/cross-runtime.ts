/**
 * One sample measured in two runtimes: the same codec must encode the same bytes in Node and
 * in a browser (same library version, same schema, same input). Checked by byte count and
 * SHA-256 of the encoded bytes; a difference is a finding, a fact of the browser row.
 */
import type { CodecResult, CompletedResult, CrossRuntimeCheck, RuntimeDifference } from '../shared/results';

export type { CrossRuntimeCheck };

export function compareRuntimeBytes(node: readonly CodecResult[], browser: readonly CodecResult[]): CrossRuntimeCheck {
  const check: CrossRuntimeCheck = { compared: [], differences: [] };
  for (const row of browser) {
    const twin = node.find((candidate) => candidate.codec === row.codec);
    if (row.status !== 'completed' || twin?.status !== 'completed') continue;
    check.compared.push(row.codec);
    const difference = bytesDifference(twin, row);
    if (difference) check.differences.push(difference);
  }
  return check;
}

function bytesDifference(node: CompletedResult, browser: CompletedResult): RuntimeDifference | undefined {
  if (node.bytes !== browser.bytes) return { codec: browser.codec, code: 'size', nodeBytes: node.bytes, browserBytes: browser.bytes };
  if (node.sha256 && browser.sha256 && node.sha256 !== browser.sha256) return { codec: browser.codec, code: 'content', bytes: node.bytes };
  return undefined;
}

/** The browser rows, each whose bytes differ from Node's carrying that fact. */
export function withRuntimeDifferences(browser: readonly CodecResult[], check: CrossRuntimeCheck): CodecResult[] {
  return browser.map((row) => {
    const found = check.differences.find((difference) => typeof difference !== 'string' && difference.codec === row.codec);
    return found === undefined || typeof found === 'string' || row.status !== 'completed' ? row : { ...row, runtimeDifference: found };
  });
}
