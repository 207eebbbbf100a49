/**
 * The inspector's sessions, for the extension host (and the tests that stand in for it): one
 * inspection worker at a time, opened on a codec of the last run, asked for slices of its
 * decoded output by id, and stopped when the panel closes it, another codec is opened or a new
 * run starts. Knows nothing of vscode: the host adds the clipboard.
 */
import { findBuiltinCodec } from '../codecs/registry';
import type { SchemaVariants } from '../shared/variants';
import type { Handlers } from '../shared/channel';
import type { DecodedOutputQueries, InspectorOpened } from '../shared/inspector';
import type { RequestMap } from '../shared/protocol';
import { InspectionFailure, InspectionWorker, type DecodedOutputQuery } from './inspection-worker-client';
import { DEFAULT_LIMITS } from './settings';
import type { ProvidedSchema, SampleBytes, CodegenSettings } from '../shared/codec-job';
import { bundlePath } from '../processes/bundle-path';

/** What the last run measured, to decode again for the inspector. */
export interface InspectionInput {
  sample: SampleBytes;
  schema?: ProvidedSchema;
  variants?: Partial<SchemaVariants>;
  memoryLimitMb?: number;
  timeoutMs?: number;
  /** The bundled worker script; defaults to `worker.js` beside the running bundle. */
  workerScript?: string;
  /** Rows of generated code: the cache and the tools' settings (src/codegen). */
  codegen?: CodegenSettings;
}

/** The panel's inspector requests: answered here, whoever relays them. */
export type InspectorRequests = Pick<RequestMap, 'inspector-open' | 'inspector-children' | 'inspector-finding' | 'inspector-bytes' | 'inspector-copy'>;

/** What answering the panel needs from the host: the last run's input, and a clipboard. */
export interface InspectorHostSide {
  inputFor(codec: string): Promise<InspectionInput>;
  writeClipboard(text: string): Promise<void>;
}

interface Session {
  id: number;
  controller: AbortController;
  worker?: InspectionWorker;
  /** Resolves once `open` has ended, either way (a worker it did not keep has exited). */
  opened: Promise<void>;
}

export class InspectorService {
  private session: Session | undefined;
  private nextId = 1;

  /** Opens `codec`'s decoded output, closing any session before. Rejects with words for the panel. */
  async open(codec: string, input: InspectionInput): Promise<InspectorOpened> {
    if (!findBuiltinCodec(codec)) throw new Error(`the inspector opens built-in codecs only, not '${codec}'`);
    void this.close();
    let openEnded: () => void = () => undefined;
    const session: Session = { id: this.nextId++, controller: new AbortController(), opened: new Promise((resolve) => (openEnded = resolve)) };
    this.session = session;
    try {
      const { worker, opened } = await InspectionWorker.open(
        {
          codec: { builtin: codec },
          sample: input.sample,
          ...(input.schema ? { schema: input.schema } : {}),
          ...(input.variants ? { variants: input.variants } : {}),
          ...(input.codegen ? { codegen: input.codegen } : {}),
        },
        {
          workerScript: input.workerScript ?? bundlePath('codec-worker'),
          memoryLimitMb: input.memoryLimitMb ?? DEFAULT_LIMITS.memoryLimitMb,
          timeoutMs: input.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
          signal: session.controller.signal,
        },
      );
      if (this.session !== session) {
        await worker.close();
        throw new Error('closed before the decoded output was ready');
      }
      session.worker = worker;
      return { ...opened, sessionId: session.id };
    } catch (error) {
      if (this.session === session) this.session = undefined;
      if (error instanceof InspectionFailure && error.error.stage === 'cancelled') throw new Error('closed before the decoded output was ready');
      if (error instanceof InspectionFailure) throw new Error(`${codec} could not be inspected (${error.error.stage}): ${error.message}`);
      throw error;
    } finally {
      openEnded();
    }
  }

  /** One handler per inspector request of the panel. */
  handlers(host: InspectorHostSide): Handlers<InspectorRequests> {
    return {
      'inspector-open': async ({ codec }) => this.open(codec, await host.inputFor(codec)),
      'inspector-children': ({ sessionId, ...params }) => this.ask(sessionId, 'inspector-children', params),
      'inspector-finding': ({ sessionId, ...params }) => this.ask(sessionId, 'inspector-finding', params),
      'inspector-bytes': ({ sessionId, ...params }) => this.ask(sessionId, 'inspector-bytes', params),
      'inspector-copy': async ({ sessionId, ...params }) => {
        const { text, bytes } = await this.ask(sessionId, 'inspector-copy-text', params);
        await host.writeClipboard(text);
        return { copiedBytes: bytes };
      },
    };
  }

  /** Asks the session's worker one decoded-output query. */
  ask<Q extends DecodedOutputQuery>(sessionId: number, query: Q, params: DecodedOutputQueries[Q]['params']): Promise<DecodedOutputQueries[Q]['result']> {
    const session = this.session;
    if (!session || session.id !== sessionId || !session.worker) {
      return Promise.reject(new Error('this inspector was closed (a new run, or another codec opened): open it again'));
    }
    return session.worker.query(query, params);
  }

  /** Stops the worker (also one still decoding); resolves once it has exited. */
  async close(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (!session) return;
    session.controller.abort();
    await session.opened;
    await session.worker?.close();
  }
}
