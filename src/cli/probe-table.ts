/**
 * The probe report in a terminal: probes down, codecs across, one word per cell, then the
 * findings worth reading in full. Capitals mark what harms more than the decoded value: a
 * crashed or hung process, a replaced prototype, a polluted Object.prototype.
 */
import { describeProbeLimits, type ProbeOutcome, type ProbeReport, type ProbeResult } from '../shared/probes';

const CELL: Record<ProbeOutcome, string> = {
  crashed: 'CRASHED',
  polluted: 'POLLUTED',
  timeout: 'TIMEOUT',
  'prototype-changed': 'PROTOTYPE',
  'wrong-value': 'wrong value',
  'dropped-key': 'dropped',
  'renamed-key': 'renamed',
  'clean-error': 'refused',
  unsupported: 'unsupported',
  'not-applicable': 'n/a',
  preserved: 'ok',
};

/**
 * Outcomes that need no explanation below the table. A refused value is explained (which
 * limit, which option would lift it); refused damaged bytes are what a decoder should do.
 */
const QUIET = new Set<ProbeOutcome>(['preserved', 'not-applicable']);
const QUIET_FOR_DAMAGED_BYTES = new Set<ProbeOutcome>([...QUIET, 'clean-error']);

const PROBE_WIDTH = 26;
const CODEC_WIDTH = 12;

export function probeCell(result: ProbeResult | undefined): string {
  if (result === undefined) return '—';
  // A trailing + says there is more than the headline (a dropped key and a swapped prototype).
  const more = result.effects.filter((effect) => effect !== 'preserved').length > 1 ? '+' : '';
  return CELL[result.outcome] + more;
}

export function probeTable(report: ProbeReport): string {
  const codecs = report.codecs.map((codec) => codec.codec);
  const byKey = new Map(report.results.map((result) => [`${result.codec}\u0000${result.probe}`, result]));
  const header = ['probe'.padEnd(PROBE_WIDTH), ...codecs.map((codec) => codec.padEnd(CODEC_WIDTH))].join(' ');
  const rule = ['─'.repeat(PROBE_WIDTH), ...codecs.map(() => '─'.repeat(CODEC_WIDTH))].join(' ');
  const rows = report.probes.map((probe) => {
    const cells = codecs.map((codec) => probeCell(byKey.get(`${codec}\u0000${probe.id}`)).padEnd(CODEC_WIDTH));
    return [probe.title.slice(0, PROBE_WIDTH).padEnd(PROBE_WIDTH), ...cells].join(' ').trimEnd();
  });
  return [header.trimEnd(), rule, ...rows].join('\n');
}

export function probeFindings(report: ProbeReport): string {
  const titles = new Map(report.probes.map((probe) => [probe.id, probe.title]));
  const malformed = new Set(report.probes.filter((probe) => probe.kind !== 'value').map((probe) => probe.id));
  const quiet = (result: ProbeResult) => (malformed.has(result.probe) ? QUIET_FOR_DAMAGED_BYTES : QUIET).has(result.outcome);
  const lines: string[] = [];
  for (const codec of report.codecs) {
    const loud = report.results.filter((result) => result.codec === codec.codec && !quiet(result));
    if (loud.length === 0) continue;
    lines.push(`${codec.codec} (${codec.library} ${codec.libraryVersion}):`);
    for (const result of loud) {
      // A refusal's detail starts by saying so ("refused at encode: …").
      const outcome = result.outcome === 'clean-error' ? '' : `${CELL[result.outcome]}: `;
      lines.push(`  ${titles.get(result.probe) ?? result.probe}: ${outcome}${result.detail}`);
      if (result.pollution !== undefined) lines.push(`    changed: ${result.pollution.join(', ')}`);
    }
  }
  return lines.join('\n');
}

export function probeFooter(report: ProbeReport): string {
  const { limits, runtime, tool } = report;
  return [
    'ok = came back as given; refused = a clean exception; wrong value = decoded silently to something else;',
    'unsupported = the format (or the inferred schema) cannot express it; + = more than one effect.',
    `Each probe in a child process: ${describeProbeLimits(limits)}.`,
    `${tool.name} ${tool.version}, Node ${runtime.node}, V8 ${runtime.v8}, ${runtime.platform}`,
  ].join('\n');
}
