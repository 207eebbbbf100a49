/**
 * What the garbage collector did during a sampling window, from V8's GC profiler (one record
 * per collection, with the heap before and after it): the time spent in collection pauses, and
 * how many bytes the window allocated. Allocation is derived, not sampled: the V8 heap in use
 * only grows between collections (the calls allocate) and drops in them (the collector frees),
 * so the window allocated what it grew by from its start to the first collection, from each
 * collection's end to the next one's start, and from the last to the window's end. The profiler
 * only reads heap statistics at each collection, so it costs nothing between them.
 * ArrayBuffer memory (a Buffer's bytes, "external") is another matter: it is released when V8's
 * sweeper gets to it, after a collection's epilogue, possibly one before the window, so frees
 * land between the records and hide allocations of the same stretch. Every stretch counts what
 * the heap and the ArrayBuffer memory grew by, each never below zero (netted, a drop once summed
 * to "0 B allocated" for Buffer-heavy calls), and where ArrayBuffer memory moved at all, or the
 * heap shrank between collections, the figures say `lowerBound`: at least this much was
 * allocated, how much more is not known.
 */
import * as v8 from 'node:v8';

export interface GcWindowFigures {
  /** Main-thread time in collection pauses, ns. */
  pauseNs: number;
  collections: number;
  /** V8 heap plus ArrayBuffer (external) bytes allocated during the window. */
  allocatedBytes: number;
  /** Memory was freed outside the profiler's records: `allocatedBytes` may miss some allocation. */
  lowerBound: boolean;
}

/** One collection as the profiler really reports it (camelCase; @types/node types it in snake_case). */
interface ProfiledCollection {
  cost: number;
  beforeGC: { heapStatistics: HeapFigures };
  afterGC: { heapStatistics: HeapFigures };
}

interface HeapFigures {
  usedHeapSize: number;
  externalMemory: number;
}

function currentHeap(): HeapFigures {
  const stats = v8.getHeapStatistics();
  return { usedHeapSize: stats.used_heap_size, externalMemory: stats.external_memory };
}

/** Starts watching; call the returned function when the window ends. */
export function watchGarbageCollection(): () => GcWindowFigures {
  const profiler = new v8.GCProfiler();
  const start = currentHeap();
  profiler.start();
  return () => {
    const end = currentHeap();
    // The profiler reports heap statistics in camelCase; @types/node types them in snake_case.
    const statistics: readonly unknown[] = profiler.stop().statistics;
    let pauseUs = 0;
    let allocated = 0;
    let lowerBound = false;
    // The stretches between collections: [start → first collection's start], [its end → the next one's start]… [last end → end].
    let from = start;
    const stretch = (to: HeapFigures) => {
      const heap = to.usedHeapSize - from.usedHeapSize;
      const external = to.externalMemory - from.externalMemory;
      if (heap < 0 || external !== 0) lowerBound = true;
      allocated += Math.max(0, heap) + Math.max(0, external);
    };
    for (const entry of statistics) {
      const collection = entry as ProfiledCollection;
      pauseUs += collection.cost;
      stretch(collection.beforeGC.heapStatistics);
      from = collection.afterGC.heapStatistics;
    }
    stretch(end);
    return { pauseNs: pauseUs * 1e3, collections: statistics.length, allocatedBytes: allocated, lowerBound };
  };
}
