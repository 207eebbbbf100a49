/**
 * One sample measured in two runtimes: the same codec must encode the same bytes in Node and
 * in a browser (same library version, same schema, same input). Checked by byte count and
 * SHA-256 of the encoded bytes; a difference is a finding, written on the browser row.
 */
import type { CodecResult, CompletedResult, CrossRuntimeCheck } from '../shared/results';

export type { CrossRuntimeCheck };

export function compareRuntimeBytes(node: readonly CodecResult[], browser: readonly CodecResult[]): CrossRuntimeCheck {
  const check: CrossRuntimeCheck = { compared: [], differences: [] };
  for (const row of browser) {
    const twin = node.find((candidate) => candidate.codec === row.codec);
    if (row.status !== 'completed' || twin?.status !== 'completed') continue;
    check.compared.push(row.codec);
    const difference = bytesDifference(twin, row);
    if (difference) check.differences.push(`${row.codec}: ${difference}`);
  }
  return check;
}

function bytesDifference(node: CompletedResult, browser: CompletedResult): string | undefined {
  if (node.bytes !== browser.bytes)
    return `the browser encoded ${browser.bytes} bytes, Node ${node.bytes}: the same library gives different output in the two runtimes`;
  if (node.sha256 && browser.sha256 && node.sha256 !== browser.sha256) return `same size (${node.bytes} bytes) but different bytes in the browser and in Node`;
  return undefined;
}

/** The browser rows with each difference as a note on its codec's row. */
export function withDifferenceNotes(browser: readonly CodecResult[], check: CrossRuntimeCheck): CodecResult[] {
  return browser.map((row) => {
    const found = check.differences.filter((line) => line.startsWith(`${row.codec}: `));
    return found.length === 0 ? row : { ...row, notes: [...row.notes, ...found.map((line) => `FINDING: ${line.slice(row.codec.length + 2)}`)] };
  });
}
