/** The sample's profile in words: the same lines in the CLI and the panel. */
import { formatBytes, formatCount, formatNumber, formatPercent } from './format';
import type { SampleInfo } from './results';

const count = formatNumber;

/** "1,000 records", "1,000 lines", or for one object holding them: "one object, 10 records in items". */
export function sampleRecordsText(input: Pick<SampleInfo, 'records' | 'recordsIn' | 'kind'>): string {
  if (input.kind === 'jsonl') return formatCount(input.records, 'line');
  const records = formatCount(input.records, 'record');
  return input.recordsIn === undefined ? records : `one object, ${records} in ${input.recordsIn}`;
}

/**
 * "a representative part: 4,000 of 40,000 records, spread across the file": what a run measured
 * when it took part of a large sample; undefined for a whole sample.
 */
export function samplePartText(input: Pick<SampleInfo, 'scaling'>): string | undefined {
  const scaling = input.scaling;
  if (scaling?.pick !== 'spread') return undefined;
  const where = scaling.recordsPath === '(root array)' ? '' : ` in ${scaling.recordsPath}`;
  return `a representative part: ${count(scaling.records)} of ${formatCount(scaling.sourceRecords, 'record')}${where}, spread across the file`;
}

/** "307,508 B on disk", or "generated", or "in the editor": the bytes as read, and from where. */
export function sampleBytesText(input: SampleInfo): string {
  const where = input.origin === 'generated' ? 'generated' : input.origin === 'editor' ? 'in the editor' : 'on disk';
  return `${formatBytes(input.fileBytes)} ${where}`;
}

/**
 * The whole the profile's shares are of: the JSON it walked. In a stream that is every message
 * added up, never the mean per message (`input.jsonBytes`); older reports carry no total of their
 * own, so a stream's total from its heading.
 */
export function profileJsonBytes(input: SampleInfo): number {
  return input.profile?.jsonBytes ?? input.messages?.totalJsonBytes ?? input.jsonBytes;
}

/** Short lines, each a fact with its share; empty without a profile. */
export function profileLines(input: SampleInfo): string[] {
  const profile = input.profile;
  if (!profile) return [];
  const { keys, strings, numbers } = profile;
  const whole = profileJsonBytes(input);
  const share = (bytes: number) => formatPercent(bytes / Math.max(1, whole));
  const top = keys.top
    .slice(0, 5)
    .map((entry) => `${entry.key} ×${count(entry.count)}`)
    .join(', ');
  const lines = [
    input.messages
      ? `${count(input.records)} message${input.records === 1 ? '' : 's'}, ${count(profile.values)} values in all, depth up to ${profile.depth}; shares of all messages' ${formatBytes(whole)}`
      : `${count(input.records)} record${input.records === 1 ? '' : 's'}, ${count(profile.values)} values, depth ${profile.depth}`,
    `keys: ${count(keys.occurrences)} occurrences of ${count(keys.distinct)} distinct (${share(keys.jsonBytes)} of the JSON bytes)${top ? `; most repeated: ${top}` : ''}`,
    `strings: ${count(strings.count)}, ${share(strings.jsonBytes)} of the JSON bytes; numbers: ${count(numbers.count)}, ${share(numbers.jsonBytes)} of the bytes`,
  ];
  if (numbers.count > 0) {
    const parts = [`${count(numbers.integers)} integers (${count(numbers.int32)} fit 32 bits)`];
    if (numbers.doubles > 0) parts.push(`${count(numbers.doubles)} doubles (${count(numbers.float32Exact)} exact in float32)`);
    lines.push(`numbers: ${parts.join(', ')}`);
  }
  const structure =
    profile.punctuationBytes !== undefined && profile.literalBytes !== undefined
      ? `; punctuation ${share(profile.punctuationBytes)} and true/false/null ${share(profile.literalBytes)} of the bytes`
      : '';
  lines.push(
    `nulls: ${count(profile.nulls)}; booleans: ${count(profile.booleans)}; objects: ${count(profile.objects)}; arrays: ${count(profile.arrays)}${structure}`,
  );
  return lines;
}
