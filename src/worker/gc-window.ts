/**
 * What the garbage collector did during a sampling window, from V8's GC profiler (one record
 * per collection, with the heap before and after it): the time spent in collection pauses, and
 * how many bytes the window allocated. Allocation is derived, not sampled: what is in use at
 * the end, minus what was in use at the start, plus everything each collection freed. The
 * profiler only reads heap statistics at each collection, so it costs nothing between them.
 * ArrayBuffer memory freed after a collection's epilogue is not seen as freed, so the figure is
 * a lower bound for calls that allocate large Buffers (JSON encode: the text in full, part of
 * its Buffer copy).
 */
import * as v8 from 'node:v8';

export interface GcWindowFigures {
  /** Main-thread time in collection pauses, ns. */
  pauseNs: number;
  collections: number;
  /** V8 heap plus ArrayBuffer (external) bytes allocated during the window. */
  allocatedBytes: number;
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

const inUse = (heap: HeapFigures) => heap.usedHeapSize + heap.externalMemory;

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
    let freed = 0;
    for (const entry of statistics) {
      const collection = entry as ProfiledCollection;
      pauseUs += collection.cost;
      // ArrayBuffer memory can be released after the collection's epilogue: never count negative.
      freed += Math.max(0, inUse(collection.beforeGC.heapStatistics) - inUse(collection.afterGC.heapStatistics));
    }
    return {
      pauseNs: pauseUs * 1e3,
      collections: statistics.length,
      allocatedBytes: Math.max(0, inUse(end) - inUse(start) + freed),
    };
  };
}
