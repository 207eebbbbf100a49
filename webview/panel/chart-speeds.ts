/**
 * What the speed-up chart draws: the verdict's own speed figures for the transport the panel
 * shows (end to end: encode + compress, decompress + decode; the codec's own speed-ups when
 * sent raw), each with its interval, and the rows the verdict holds tied, so the chart never
 * ranks what the verdict does not. Computed with src/report/'s functions, not again here.
 */
import type { CodecResult, CompletedResult, MeasurementSettings } from '../../src/shared/results';
import type { Transport } from '../../src/shared/transport';
import { judge, speedOf } from '../../src/report/verdict';
import { rankSpeed, type SpeedFigure } from '../../src/report/verdict-speed';
import { isMissing } from '../../src/report/transport-figures';
import { missingText, TRANSPORT_WORDS } from '../../src/report/verdict-words';
import type { SpeedOperation } from '../../src/report/verdict-data';

export interface ChartSpeeds {
  transport: Transport;
  figure(row: CompletedResult, operation: SpeedOperation): SpeedFigure | null;
  /** The rows tied with the leader, per operation: empty where one row leads alone. */
  tied: Record<SpeedOperation, CompletedResult[]>;
  /** Why the rows without a figure have none. */
  missing: string | null;
  /** "with gzip, end to end": what the figures include. */
  what: string;
}

export function chartSpeeds(results: readonly CodecResult[], settings: MeasurementSettings | undefined, transport: Transport): ChartSpeeds {
  const judged = judge(results, { ...(settings ? { settings } : {}), transport });
  const tiedOf = (operation: SpeedOperation) => {
    const tied = rankSpeed(judged.rows, speedOf(judged, operation))?.tied ?? [];
    return tied.length > 1 ? tied : [];
  };
  const why = judged.rows.map((row) => judged.speed(row).encode).find(isMissing);
  return {
    transport,
    figure: (row, operation) => {
      if (!judged.rows.includes(row)) return null;
      const figure = judged.speed(row)[operation];
      return isMissing(figure) ? null : figure;
    },
    tied: { encode: tiedOf('encode'), decode: tiedOf('decode') },
    missing: why ? missingText(why) : null,
    what: transport === 'raw' ? 'sent raw' : `${TRANSPORT_WORDS[transport]}, end to end`,
  };
}
