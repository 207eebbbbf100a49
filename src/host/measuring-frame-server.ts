/**
 * Where the panel's measuring frames come from: a loopback server of the extension host that
 * serves only the two frame pages and their script (dist/browser/measure-frame.js), each with
 * its policy as a response header. A webview cannot frame its own resources (VS Code serves
 * them to fetches, not to frame navigations), and a frame made from data:, blob: or srcdoc
 * inherits the panel's policy; a page from a server has a policy of its own. The panel frames
 * it sandboxed (allow-scripts only), so it has an opaque origin whatever its address. No
 * user data passes through this server: jobs travel by message.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { measuringFrameResponder } from '../browser/measuring-frame-responses';

export interface MeasuringFrames {
  /** The normal frame's address as the webview reaches it (asExternalUri: remote setups proxy it). */
  frameUrl: string;
  strictFrameUrl: string;
  /** For the panel's `frame-src`. */
  origin: string;
}

export class MeasuringFrameServer implements vscode.Disposable {
  private server: http.Server | undefined;
  private frames: Promise<MeasuringFrames> | undefined;

  constructor(private readonly browserDir: string) {}

  start(): Promise<MeasuringFrames> {
    this.frames ??= this.listen();
    return this.frames;
  }

  private async listen(): Promise<MeasuringFrames> {
    const server = http.createServer(measuringFrameResponder(this.browserDir));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const local = vscode.Uri.parse(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    // code-server maps the port to its /proxy/PORT/ path (and drops ours): pages go under it.
    const external = await vscode.env.asExternalUri(local);
    const base = external.toString(true).replace(/\/?$/, '/');
    return { frameUrl: `${base}frame.html`, strictFrameUrl: `${base}frame-strict.html`, origin: `${external.scheme}://${external.authority}` };
  }

  dispose(): void {
    this.server?.closeAllConnections();
    this.server?.close();
    this.server = undefined;
    this.frames = undefined;
  }
}
