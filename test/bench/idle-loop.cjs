// A control for bench:host's event-loop figures: a Node process that does nothing, measuring
// its own event-loop delay while the bench runs beside it. On a shared machine its figures are
// the scheduler's share of the bench's (a stall both see is not the host's doing).
// Forked with IPC; answers the message 'stop' with { p50, p99, max, count } in ms and exits.
'use strict';
const { monitorEventLoopDelay } = require('node:perf_hooks');

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('message', (message) => {
  if (message !== 'stop') return;
  histogram.disable();
  const ms = (ns) => ns / 1e6;
  process.send({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), count: histogram.count }, () => process.exit(0));
});
