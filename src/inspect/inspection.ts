/**
 * One codec's decoded output, held for the panel's inspector: the sample, the encoding and the
 * decoded value, with what the inspector asks of them. Runs inside an inspection worker (the
 * codec's library loads there, never in the extension host); every answer is plain data.
 */
import { findParseLosses } from '../analysis/parse-losses';
import { ANNOTATED_LAYOUTS, prepareCodec, UnsupportedSampleError, type PreparedCodec } from '../codecs/codec';
import { loadCodec } from '../codecs/load-codec';
import { parseSample, sampleBytesOf } from '../input/read-sample';
import type { ErrorStage, WorkStage } from '../shared/results';
import {
  ANNOTATIONS_PAGE_LIMIT,
  BYTES_PAGE_LIMIT,
  CHILDREN_PAGE_LIMIT,
  COPY_ALL_LIMIT,
  type BytesPage,
  type ChildrenPage,
  type CopiedText,
  type FindingFilter,
  type InspectorOpened,
  type LocatedFinding,
  type PathStep,
} from '../shared/inspector';
import { annotateEncoding } from '../attribution/annotate-encoding';
import { FindingIndex } from './findings';
import { ValueTree } from './value-tree';
import type { DecodedOutputJob } from '../shared/inspector';

/** A stage of opening that failed, in words for the panel. */
export class InspectionError extends Error {
  override name = 'InspectionError';
  constructor(
    readonly stage: ErrorStage,
    message: string,
  ) {
    super(message);
  }
}

/** What to decode for the inspector: the last run's sample, with one codec. */
export class Inspection {
  private constructor(
    private readonly codec: { id: string; label: string },
    private readonly prepared: PreparedCodec,
    private readonly encoded: Uint8Array,
    private readonly tree: ValueTree,
    private readonly findings: FindingIndex,
  ) {}

  static async open(job: DecodedOutputJob, enterStage: (stage: WorkStage) => void = () => undefined): Promise<Inspection> {
    let stage: WorkStage = 'input';
    const enter = (next: WorkStage) => {
      stage = next;
      enterStage(next);
    };
    try {
      enter('input');
      const sampleBytes = sampleBytesOf(job.sample);
      const sample = parseSample(sampleBytes, job.sample.kind, job.sample.path);
      enter('prepare');
      const { descriptor, module } = await loadCodec(job.codec);
      const prepared = await prepareCodec(module, sample, { schema: job.schema, variants: job.variants, ...(job.codegen ? { codegen: job.codegen } : {}) });
      enter('encode');
      const encoded = prepared.encode(prepared.input).slice();
      enter('decode');
      const decoded = prepared.decode(encoded);
      enter('verify');
      const findings = FindingIndex.collect(sample, decoded, findParseLosses(sampleBytes, job.sample.kind));
      const tree = new ValueTree(sample, decoded, (steps, path) => findings.remnantsAt(steps, path));
      return new Inspection({ id: descriptor.id, label: descriptor.label }, prepared, encoded, tree, findings);
    } catch (error) {
      if (error instanceof UnsupportedSampleError) throw new InspectionError('prepare', `this codec skips the sample: ${error.message}`);
      throw new InspectionError(stage, error instanceof Error ? error.message || error.name : String(error));
    }
  }

  opened(): Omit<InspectorOpened, 'sessionId'> {
    return {
      codec: this.codec.id,
      label: this.codec.label,
      encodedBytes: this.encoded.byteLength,
      root: this.tree.node([]),
      findings: this.findings.counts(),
      annotated: this.prepared.layout !== undefined && ANNOTATED_LAYOUTS.has(this.prepared.layout.kind),
    };
  }

  children(steps: PathStep[], offset: number, limit: number): ChildrenPage {
    return this.tree.children(steps, offset, Math.min(limit, CHILDREN_PAGE_LIMIT));
  }

  finding(filter: FindingFilter, from: number | null, direction: 1 | -1): LocatedFinding | null {
    const found = this.findings.step(filter, from, direction);
    if (!found) return null;
    return { ...found, indexes: this.tree.locate(found.finding.steps) };
  }

  bytes(offset: number, length: number): BytesPage {
    const total = this.encoded.byteLength;
    const start = Math.max(0, Math.min(Math.floor(offset), total));
    const end = Math.min(total, start + Math.max(0, Math.min(Math.floor(length), BYTES_PAGE_LIMIT)));
    const page = annotateEncoding(this.prepared.layout, this.encoded, { start, end }, ANNOTATIONS_PAGE_LIMIT);
    return {
      offset: start,
      bytes: Array.from(this.encoded.subarray(start, end)),
      total,
      annotations: page.annotations,
      ...(page.truncated ? { annotationsTruncated: true } : {}),
    };
  }

  copy(encoding: 'hex' | 'base64', range: 'all' | { offset: number; length: number }): CopiedText {
    const total = this.encoded.byteLength;
    if (range === 'all' && total > COPY_ALL_LIMIT) {
      throw new Error(
        `the encoding is ${total.toLocaleString('en-US')} bytes; copying it whole is limited to ${COPY_ALL_LIMIT / (1024 * 1024)} MiB: copy a page instead`,
      );
    }
    const start = range === 'all' ? 0 : Math.max(0, Math.min(range.offset, total));
    const end = range === 'all' ? total : Math.min(total, start + Math.max(0, range.length));
    const bytes = Buffer.from(this.encoded.buffer, this.encoded.byteOffset + start, end - start);
    return { text: bytes.toString(encoding), bytes: end - start };
  }
}
