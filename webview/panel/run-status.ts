/**
 * The comparison's status line: how far the run is, or how it ended. Pure (the header shows it).
 */
import type { CodecResult, CompletedResult } from '../../src/shared/results';
import { roundsCutShortText } from '../../src/shared/rounds-text';
import { formatCount } from './format';
import type { PanelModel } from './model';

/** The row will get no more rounds: all of the run's, stopped early on purpose, or not measured. */
function allRoundsIn(result: CodecResult, rounds: number): boolean {
  if (result.status !== 'completed') return true;
  const completed = result as CompletedResult;
  return completed.roundsStopped !== undefined || (completed.rounds?.length ?? 1) >= rounds;
}

export function statusText(model: PanelModel): string {
  const total = model.rows.length;
  const done = model.rows.filter((row) => row.kind === 'result');
  const count = (status: string) => done.filter((row) => row.kind === 'result' && row.result.status === status).length;
  switch (model.phase) {
    case 'idle':
      return '';
    case 'running': {
      const rounds = model.run?.settings.rounds ?? 1;
      const round = Math.min(model.round ?? 1, rounds);
      // After the first round every row has a result, which each later round sharpens.
      const rows = `${done.length} of ${formatCount(total, 'codec')} ${round === 1 ? 'done' : 'shown'}`;
      return rounds === 1 ? `Running… ${rows}` : `Running round ${round} of ${rounds}… ${rows}`;
    }
    case 'finished': {
      const failed = [
        ['errored', count('errored')],
        ['skipped', count('skipped')],
      ] as const;
      const extra = failed.filter(([, n]) => n > 0).map(([status, n]) => `${n} ${status}`);
      const cutShortFact = model.run?.settings.roundsCutShort;
      const cutShort = cutShortFact === undefined ? undefined : roundsCutShortText(cutShortFact);
      return `Finished: ${formatCount(total, 'codec')}${extra.length ? ` (${extra.join(', ')})` : ''}${cutShort ? `. ${cutShort[0]!.toUpperCase()}${cutShort.slice(1)}.` : ''}`;
    }
    case 'cancelled': {
      // Every row has a result after the first round: only those with all their rounds are finished.
      const finished = done.filter((row) => row.kind === 'result' && allRoundsIn(row.result, model.run?.settings.rounds ?? 1)).length;
      const partly = done.length - finished;
      return `Cancelled after ${finished} of ${formatCount(total, 'codec')}${partly > 0 ? ` (${partly} measured in fewer rounds)` : ''}${model.endMessage ? `: ${model.endMessage}` : ''}`;
    }
    case 'failed':
      return `The run failed${model.endMessage ? `: ${model.endMessage}` : ''}`;
  }
}
