/**
 * The first round with its untimed work overlapped. Each codec's first round is three steps in
 * its own fresh worker: open (start the worker, parse the sample, prepare, encode, decode,
 * verify), time, finish (find remnants, compress, hash, attribute the bytes). Timing runs
 * alone: when a codec times, no other step of the run is on the CPU and every other worker of
 * the round has exited. Between two timings, the codec just timed finishes while the next one
 * opens, on the machine's second core: on a multi-megabyte sample that hides most of one of
 * the two in each gap. Codecs are timed in the round's order, and their rows arrive in it.
 */

export interface PipelineSteps<T, O> {
  open(item: T): Promise<O>;
  /** Alone on the CPU (as far as this run goes). */
  time(item: T, opened: O): Promise<void>;
  /** Beside the next item's `open`. */
  finish(item: T, opened: O): Promise<void>;
  /** Stops an opened item that will not be timed or finished (the run is ending with an error). */
  abandon(opened: O): Promise<void>;
}

type Settled<V> = { ok: true; value: V } | { ok: false; error: unknown };

/** A promise that never rejects (so one left pending while another step fails is never unhandled). */
function settle<V>(promise: Promise<V>): Promise<Settled<V>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

function valueOf<V>(settled: Settled<V>): V {
  if (!settled.ok) throw settled.error;
  return settled.value;
}

/**
 * Runs every item's steps; `firstOpen`, when given, is the first item's open already under way
 * (the host starts it while it reads the sample). Rejects with the first error a step throws,
 * after every step in flight has settled and every opened item was finished or abandoned.
 */
export async function runPipeline<T, O>(items: readonly T[], steps: PipelineSteps<T, O>, firstOpen?: Promise<O>): Promise<void> {
  if (items.length === 0) return;
  let opening: Promise<Settled<O>> | undefined = settle(firstOpen ?? steps.open(items[0]!));
  let finishing: Promise<Settled<void>> = Promise.resolve({ ok: true, value: undefined });
  let current: O | undefined;
  try {
    for (let index = 0; index < items.length; index++) {
      const item = items[index]!;
      current = valueOf(await opening!);
      opening = undefined;
      // The previous codec's finish (and its worker's exit) ends before this one times.
      valueOf(await finishing);
      await steps.time(item, current);
      const timed = current;
      current = undefined;
      finishing = settle(steps.finish(item, timed));
      const next = items[index + 1];
      opening = next === undefined ? undefined : settle(steps.open(next));
    }
    valueOf(await finishing);
  } catch (error) {
    const inFlight = await Promise.all([finishing, opening ?? Promise.resolve(undefined)]);
    const left = [current, inFlight[1]?.ok ? inFlight[1].value : undefined].filter((opened): opened is O => opened !== undefined);
    await Promise.all(left.map((opened) => steps.abandon(opened)));
    throw error;
  }
}
