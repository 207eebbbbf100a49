import type { CodecJob } from './codec-job';
/** What the CLI's loopback server hands the headless runner page (webview/headless-runner.ts, which mirrors HeadlessTask). */

export interface HeadlessTask {
  id: number;
  /** The sample's bytes are fetched once from `/sample` and attached by the page. */
  job: CodecJob;
  /** Run in the frame whose policy has no 'unsafe-eval'. */
  strict: boolean;
  timeoutMs: number;
}

export interface HeadlessHello {
  userAgent: string;
  codeGeneration: { normal: { allowed: boolean; error?: string }; strict: { allowed: boolean; error?: string } };
}
