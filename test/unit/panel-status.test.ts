/** The comparison's status line once cancelled: finished codecs are those with all their rounds. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusText } from '../../webview/panel/run-status';
import { emptyModel, type PanelModel } from '../../webview/panel/model';
import type { CodecResult } from '../../src/shared/results';

const row = (codec: string, rounds: number, extra: Record<string, unknown> = {}) => ({
  kind: 'result' as const,
  result: { codec, status: 'completed', rounds: Array.from({ length: rounds }, (_, index) => ({ round: index + 1 })), ...extra } as unknown as CodecResult,
});

function cancelled(rows: PanelModel['rows'], rounds: number): PanelModel {
  const run = { sampleName: 's.json', sampleLocation: '/s.json', extensionVersion: null, runtime: {} as never, settings: { rounds } as never };
  return { ...emptyModel(), runId: 1, phase: 'cancelled', endMessage: 'the running worker was stopped', run, rows };
}

test('a run cancelled in its later rounds counts only the codecs that had all their rounds as finished', () => {
  const rows = [row('json', 3), row('avsc', 2), row('cbor-x', 1), row('bson', 1, { roundsStopped: { rounds: 1, why: 'settled' } })];
  assert.equal(statusText(cancelled(rows, 3)), 'Cancelled after 2 of 4 codecs (2 measured in fewer rounds): the running worker was stopped');
});

test('an errored row and a pending one: the errored is finished, the pending is not', () => {
  const errored = { kind: 'result' as const, result: { codec: 'x', status: 'errored' } as unknown as CodecResult };
  const pending = { kind: 'pending' as const, codec: 'y', label: 'y', format: 'f', stage: null };
  assert.equal(statusText(cancelled([errored, pending], 1)), 'Cancelled after 1 of 2 codecs: the running worker was stopped');
});
