/**
 * `payload-lab evolve`'s terminal text: the writer × reader matrix in one glance, then what
 * each cell that is not plain equality found (with examples), then the labels per pair.
 */
import { cellTitle, type CellReading, type EvolutionCell, type EvolutionReport, type PairLabels, type RuleFinding } from '../shared/evolution';

const fileName = (path: string) => path.split(/[\\/]/).at(-1)!;

function needed(cell: EvolutionCell): CellReading {
  return cell.readings.find((reading) => reading.mode === cell.needs.mode)!;
}

function sum(items: readonly { count: number }[]): number {
  return items.reduce((total, item) => total + item.count, 0);
}

/** One cell in a few words: the worst thing it found, with its count. */
export function cellSummary(cell: EvolutionCell): string {
  const reading = needed(cell);
  const via = cell.readings.length > 1 && cell.needs.mode === 'resolver' ? ' · resolver' : '';
  switch (cell.verdict) {
    case 'refused':
      return `REFUSED ${reading.refused!.count}/${reading.records} records${via}`;
    case 'reinterpreted':
      return `REINTERPRETED ${sum(reading.reinterpreted)} values${via}`;
    case 'dropped':
      return `dropped ${reading.dropped.values} values${via}`;
    case 'defaults':
      return `defaults filled (${reading.defaults.length} fields)${via}`;
    case 'equal':
      return `equal (${reading.compared} values)${via}`;
  }
}

function matrix(report: EvolutionReport): string[] {
  const count = report.versions.length;
  const cells = (writer: number) => report.cells.slice(writer * count, writer * count + count).map(cellSummary);
  const rows = report.versions.map((version, writer) => [`${version.label} data`, ...cells(writer)]);
  const header = ['', ...report.versions.map((version) => `${version.label} reader`)];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => `  ${row.map((text, column) => text.padEnd(widths[column]!)).join('   ')}`.trimEnd();
  return [line(header), ...rows.map(line)];
}

function readingLines(reading: CellReading): string[] {
  const lines: string[] = [];
  if (reading.refused) {
    const at =
      reading.refused.record === null
        ? 'before reading any record (creating the resolver)'
        : `first at record ${reading.refused.record} ${reading.refused.recordPreview ?? ''}`;
    lines.push(`  refused ${reading.refused.count} of ${reading.records} records: "${reading.refused.message}", ${at}`);
    if (reading.refused.reason) lines.push(`    why: ${reading.refused.reason}`);
    if (reading.refused.fix) lines.push(`    fix: ${reading.refused.fix}`);
  }
  for (const item of reading.reinterpreted) {
    lines.push(`  reinterpreted  ${item.path}  ${item.count} values: ${item.reason}`);
    for (const example of item.examples) {
      lines.push(
        `      record ${example.record} ${example.path}: written ${JSON.stringify(example.written)}, read ${example.absent ? 'nothing' : JSON.stringify(example.read)}`,
      );
    }
  }
  if (reading.dropped.values > 0) {
    const paths = reading.dropped.paths.map((entry) => `${entry.path} (${entry.count})`).join(', ');
    lines.push(`  dropped        ${reading.dropped.values} values unknown to the reader: ${paths}`);
    const reencode = reading.dropped.reencode;
    if (reencode) {
      const option = reencode.withOption ? `; with ${reencode.withOption.option}: ${reencode.withOption.kept ? 'kept' : 'lost'}` : '';
      lines.push(`      written back by the reader: ${reencode.kept ? 'kept' : 'lost'}${option} (checked on ${reencode.records} records)`);
    }
  }
  for (const item of reading.defaults) lines.push(`  default        ${item.path} = ${JSON.stringify(item.value)} (${item.count} records)`);
  return lines;
}

function cellDetails(report: EvolutionReport, cell: EvolutionCell): string[] {
  if (cell.writer === cell.reader && cell.verdict === 'equal') return [];
  const direction = cell.writer < cell.reader ? 'BACKWARD' : cell.writer > cell.reader ? 'FORWARD' : 'same version';
  const lines = [`${cellTitle(report, cell)} (${direction}): ${cellSummary(cell)}`];
  if (cell.readings.length > 1) lines.push(`  reading: ${cell.needs.why}`);
  lines.push(...readingLines(needed(cell)));
  if (cell.verdict === 'equal') lines.push(`  every value read back as written`);
  for (const note of cell.disagreements) lines.push(`  ! ${note}`);
  return lines;
}

function findingLine(finding: RuleFinding, older: string, newer: string): string {
  const where = [
    finding.older && `${older}:${finding.older.line}:${finding.older.column}`,
    finding.newer && `${newer}:${finding.newer.line}:${finding.newer.column}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `      ${finding.rule}: ${finding.message}${where ? `  (${where})` : ''}${finding.fix ? `\n        fix: ${finding.fix}` : ''}`;
}

function pairLines(report: EvolutionReport, pair: PairLabels): string[] {
  const [older, newer] = [report.versions[pair.older]!, report.versions[pair.newer]!];
  const [olderFile, newerFile] = [fileName(older.path), fileName(newer.path)];
  const lines = [`${older.label} → ${newer.label}`, `  Schema Registry  ${pair.registry.mode}`];
  if (pair.registry.backward.length > 0)
    lines.push(
      `    BACKWARD fails (${newer.label} reading ${older.label} data):`,
      ...pair.registry.backward.map((finding) => findingLine(finding, olderFile, newerFile)),
    );
  if (pair.registry.forward.length > 0)
    lines.push(
      `    FORWARD fails (${older.label} reading ${newer.label} data):`,
      ...pair.registry.forward.map((finding) => findingLine(finding, olderFile, newerFile)),
    );
  if (pair.buf) {
    lines.push(`  buf breaking     ${pair.buf.breaks.length > 0 ? `breaks ${pair.buf.breaks.join(', ')}` : 'breaks no category'}`);
    lines.push(...pair.buf.findings.map((finding) => `${findingLine(finding, olderFile, newerFile)} [${finding.categories?.join(', ')}]`));
  }
  lines.push(
    `  the data         ${pair.data.mode} (${older.label} data, ${newer.label} reader: ${pair.data.backward}; ${newer.label} data, ${older.label} reader: ${pair.data.forward})`,
  );
  lines.push(`  verdict          ${pair.mode} (the rules and the data must both hold)`);
  return lines;
}

export function evolveText(report: EvolutionReport): string {
  const versions = report.versions.map((version) => `${fileName(version.path)} (${version.label})`).join(' → ');
  const first = report.versions[0]!;
  const what =
    report.format === 'proto'
      ? `message ${first.typeName}, ${[...new Set(report.versions.map((version) => version.syntax))].join('/')}`
      : `record ${first.typeName}, Avro`;
  const lines = [`${versions}: ${what}; ${report.library.name} ${report.library.version}`, `records: ${report.sample.description}`];
  report.sample.perWriter.forEach((writer, index) => {
    if (writer.note) lines.push(`  ${report.versions[index]!.label}: ${writer.note}`);
  });
  lines.push('', ...matrix(report));
  for (const cell of report.cells) {
    const details = cellDetails(report, cell);
    if (details.length > 0) lines.push('', ...details);
  }
  for (const pair of report.pairs) lines.push('', ...pairLines(report, pair));
  if (report.transitive) {
    const yes = (value: boolean) => (value ? 'yes' : 'no');
    const { registry, data } = report.transitive;
    lines.push('', 'transitive (each version against every earlier one):');
    lines.push(
      `  Schema Registry  BACKWARD_TRANSITIVE ${yes(registry.backwardTransitive)}, FORWARD_TRANSITIVE ${yes(registry.forwardTransitive)}, FULL_TRANSITIVE ${yes(registry.fullTransitive)}`,
    );
    lines.push(
      `  the data         BACKWARD_TRANSITIVE ${yes(data.backwardTransitive)}, FORWARD_TRANSITIVE ${yes(data.forwardTransitive)}, FULL_TRANSITIVE ${yes(data.fullTransitive)}`,
    );
  }
  lines.push('', ...report.notes.map((note) => `note: ${note}`));
  return `${lines.join('\n')}\n`;
}
