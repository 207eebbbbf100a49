/**
 * Answers the panel's inspector requests: decodes the last run's sample again with the chosen
 * codec in an inspection worker (the library never loads in the extension host) and relays the
 * panel's questions to it. One session at a time; a new run ends it, and so does its owner
 * (the panel) closing.
 */
import * as vscode from 'vscode';
import { reachedWalkthroughMilestone } from './walkthrough-progress';
import type { Handlers } from '../shared/channel';
import { InspectorService, type InspectionInput, type InspectorRequests } from '../engine/inspector-service';
import { sampleKindOf } from '../input/read-sample';
import type { ComparisonSession } from './comparison-session';
import { readRunSettings } from './settings';

export class InspectorHost implements vscode.Disposable {
  private readonly service = new InspectorService();
  private readonly subscription: vscode.Disposable;
  readonly handlers: Handlers<InspectorRequests>;

  constructor(
    private readonly session: ComparisonSession,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscription = session.onWillRun(() => this.close());
    this.handlers = this.service.handlers({
      inputFor: (codec) => this.inputFor(codec),
      writeClipboard: async (text) => vscode.env.clipboard.writeText(text),
    });
  }

  close(): void {
    void this.service.close();
  }

  private async inputFor(codec: string): Promise<InspectionInput> {
    const request = this.session.lastRequest;
    if (!request) throw new Error('the sample of this panel is not known any more: run the comparison again');
    const input = await this.session.sampleInput(request.source);
    const settings = readRunSettings();
    this.log.info(`inspector: decoding ${request.source.location} with ${codec}`);
    reachedWalkthroughMilestone('payloadLab.inspected');
    return {
      sample: { path: input.path, kind: input.kind ?? sampleKindOf(input.path), ...(input.bytes ? { bytes: input.bytes } : {}) },
      ...(request.schema ? { schema: request.schema } : {}),
      ...(request.variants ? { variants: request.variants } : {}),
      memoryLimitMb: settings.memoryLimitMb,
      timeoutMs: settings.timeoutMs,
      codegen: this.session.codegenSettings(settings),
    };
  }

  dispose(): void {
    this.subscription.dispose();
    this.close();
  }
}
