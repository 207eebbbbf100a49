/** The time axis's labels, without a browser: one unit for every tick, 0 included. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timeTickLabels } from '../../webview/panel/axis-ticks';

test('ticks from 0 to 1 ms read in ms, 0 included, with the decimals the steps need', () => {
  assert.deepEqual(timeTickLabels([0, 250_000, 500_000, 750_000, 1_000_000]), ['0.00 ms', '0.25 ms', '0.50 ms', '0.75 ms', '1.00 ms']);
  assert.deepEqual(timeTickLabels([0, 2_000_000, 4_000_000]), ['0 ms', '2 ms', '4 ms']);
});

test('ticks below 1 µs stay in ns; ticks up to 600 µs read in µs', () => {
  assert.deepEqual(timeTickLabels([0, 200, 400, 600]), ['0 ns', '200 ns', '400 ns', '600 ns']);
  assert.deepEqual(timeTickLabels([0, 200_000, 400_000, 600_000]), ['0 µs', '200 µs', '400 µs', '600 µs']);
  assert.deepEqual(timeTickLabels([0, 500, 1_000, 1_500]), ['0.0 µs', '0.5 µs', '1.0 µs', '1.5 µs']);
});
