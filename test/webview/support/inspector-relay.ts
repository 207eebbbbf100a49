/**
 * Stands in for the extension host's side of the inspector: the page's inspector requests go
 * to a real InspectorService (a real inspection worker decoding a real sample with the real
 * library), and its answers come back as the host's replies.
 */
import type { Page } from 'playwright-core';
import { InspectorService } from '../../../src/engine/inspector-service';
import { answerRequest, type HostToWebview, type WebviewRequest, type WebviewToHost } from '../../../src/shared/protocol';
import type { InspectorRequests } from '../../../src/engine/inspector-service';
import { workerScript } from '../../support/paths';

export interface InspectorRelay {
  /** What the page copied (the host would put it on the clipboard). */
  readonly copied: string[];
  /** Inspector requests the page made, by method. */
  readonly methods: string[];
  close(): void;
}

function isInspectorRequest(request: WebviewRequest): request is Extract<WebviewRequest, { method: keyof InspectorRequests }> {
  return request.method.startsWith('inspector-');
}

/** Call from `beforeLoad`: exposes the hook the stand-in calls on every message the page posts. */
export async function relayInspector(page: Page, samplePath: string): Promise<InspectorRelay> {
  const service = new InspectorService();
  const relay = { copied: [] as string[], methods: [] as string[], close: () => service.close() };
  const handlers = service.handlers({
    inputFor: async () => ({ sample: { path: samplePath, kind: 'json' }, workerScript }),
    writeClipboard: async (text) => void relay.copied.push(text),
  });
  const answer = async (message: Extract<WebviewToHost, { type: 'request' }>): Promise<unknown> => {
    const { request } = message;
    if (!isInspectorRequest(request)) throw new Error(`the test host does not answer ${request.method}`);
    return answerRequest(handlers, request);
  };
  await page.exposeFunction('__onPost', async (message: WebviewToHost) => {
    if (message.type === 'inspector-close') return service.close();
    if (message.type !== 'request' || !message.request.method.startsWith('inspector-')) return;
    relay.methods.push(message.request.method);
    let reply: HostToWebview;
    try {
      reply = { type: 'reply', requestId: message.requestId, ok: true, value: await answer(message) };
    } catch (error) {
      reply = { type: 'reply', requestId: message.requestId, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    // As PanelPage.deliver does; the page may be gone when a test has ended.
    await page.evaluate((list) => (globalThis as unknown as { __deliver(m: unknown[]): Promise<void> }).__deliver(list), [reply]).catch(() => undefined);
  });
  return relay;
}
