/**
 * Stands in for the extension host's side of the inspector: the page's inspector requests go
 * to a real InspectorService (a real inspection worker decoding a real sample with the real
 * library), and its answers come back as the host's replies.
 */
import type { Page } from 'playwright-core';
import { InspectorService, type InspectorRequests } from '../../../src/engine/inspector-service';
import { isChannelMessage, serve, type ChannelMessage, type Transport } from '../../../src/shared/channel';
import { workerScript } from '../../support/paths';
import { deliverToPage } from './panel-harness';

export interface InspectorRelay {
  /** What the page copied (the host would put it on the clipboard). */
  readonly copied: string[];
  /** Inspector requests the page made, by method. */
  readonly methods: string[];
  close(): void;
}

/** Call from `beforeLoad`: exposes the hook the stand-in calls on every message the page posts. */
export async function relayInspector(page: Page, samplePath: string): Promise<InspectorRelay> {
  const service = new InspectorService();
  const relay = { copied: [] as string[], methods: [] as string[], close: () => service.close() };
  let deliverToService: (message: ChannelMessage) => void = () => undefined;
  const transport: Transport = {
    // As PanelPage.deliver does; the page may be gone when a test has ended.
    send: (message) => void deliverToPage(page, [message]).catch(() => undefined),
    listen: (onMessage) => {
      deliverToService = onMessage;
    },
    end: () => undefined,
  };
  // The same handlers the extension host registers, on the same channel.
  serve<InspectorRequests>(
    transport,
    service.handlers({
      inputFor: async () => ({ sample: { path: samplePath, kind: 'json' }, workerScript }),
      writeClipboard: async (text) => void relay.copied.push(text),
    }),
  );
  await page.exposeFunction('__onPost', async (message: unknown) => {
    if (!isChannelMessage(message) || message.channel !== 'request') return;
    // A notification: the page waits for no answer.
    if (message.method === 'inspector-close') return service.close();
    if (!message.method.startsWith('inspector-')) return;
    relay.methods.push(message.method);
    deliverToService(message);
  });
  return relay;
}
