/**
 * Answers the panel's inspector requests: decodes the last run's sample again with the chosen
 * codec in an inspection worker (the library never loads in the extension host) and relays the
 * panel's questions to it. One session at a time; a new run ends it.
 */
import * as vscode from 'vscode';
import { InspectorService } from '../engine/inspector-service';
import { sampleKindOf } from '../input/read-sample';
import type { RequestMap, WebviewRequest } from '../shared/protocol';
import type { ComparisonSession } from './comparison-session';
import { readRunSettings } from './settings';

type InspectorRequest = Extract<WebviewRequest, { method: `inspector-${string}` }>;

export function isInspectorRequest(request: WebviewRequest): request is InspectorRequest {
  return request.method.startsWith('inspector-');
}

export class InspectorHost implements vscode.Disposable {
  private readonly service = new InspectorService();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: ComparisonSession, private readonly log: vscode.LogOutputChannel) {
    this.subscription = session.onWillRun(() => this.close());
  }

  async answer(request: InspectorRequest): Promise<unknown> {
    switch (request.method) {
      case 'inspector-open':
        return this.open(request.params.codec);
      case 'inspector-children':
        return this.service.children(request.params);
      case 'inspector-finding':
        return this.service.finding(request.params);
      case 'inspector-bytes':
        return this.service.bytes(request.params);
      case 'inspector-copy':
        return this.copy(request.params);
    }
  }

  close(): void {
    this.service.close();
  }

  private async open(codec: string): Promise<RequestMap['inspector-open']['result']> {
    const request = this.session.lastRequest;
    if (!request) throw new Error('the sample of this panel is not known any more: run the comparison again');
    const input = await this.session.sampleInput(request.source);
    const settings = readRunSettings();
    this.log.info(`inspector: decoding ${request.source.location} with ${codec}`);
    return this.service.open(codec, {
      sample: { path: input.path, kind: input.kind ?? sampleKindOf(input.path), ...(input.bytes ? { bytes: input.bytes } : {}) },
      ...(request.schema ? { schema: request.schema } : {}),
      ...(request.variants ? { variants: request.variants } : {}),
      memoryLimitMb: settings.memoryLimitMb,
      timeoutMs: settings.timeoutMs,
    });
  }

  private async copy(params: RequestMap['inspector-copy']['params']): Promise<RequestMap['inspector-copy']['result']> {
    const { text, bytes } = await this.service.copyText(params);
    await vscode.env.clipboard.writeText(text);
    return { copiedBytes: bytes };
  }

  dispose(): void {
    this.subscription.dispose();
    this.close();
  }
}
