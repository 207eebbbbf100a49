/**
 * The e2e scenarios through the VS Code API, in a VS Code started by @vscode/test-electron
 * with this repository as the extension under development. The commands return their report.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ComparisonReport } from '../../src/shared/results';

const workspace = () => vscode.workspace.workspaceFolders![0]!.uri;
const extensionRoot = () => vscode.extensions.getExtension('payload-lab.payload-lab')!.extensionUri;
/** Threads of this process (each codec worker is one); undefined where /proc is not there. */
function threadCount(): number | undefined {
  return fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task').length : undefined;
}

const DEFAULT_CODECS = ['json', 'avsc', 'protobufjs', 'msgpackr', 'cbor-x', 'bson', 'v8'];

function cliSizes(file: string): Record<string, number> {
  // Plain Node, not the extension host's Electron binary.
  const output = execFileSync('node', [path.join(extensionRoot().fsPath, 'dist', 'cli.js'), 'compare', file, '--json', '--quick'], { encoding: 'utf8' });
  const report = JSON.parse(output) as ComparisonReport;
  return Object.fromEntries(report.results.map((row) => [row.codec, row.status === 'completed' ? row.bytes : -1]));
}

describe('Payload Lab commands', () => {
  it("Compare Encodings on a file completes every default codec with the CLI's sizes", async () => {
    const file = vscode.Uri.joinPath(workspace(), 'orders.json');
    const report = await vscode.commands.executeCommand<ComparisonReport | undefined>('payloadLab.compareEncodings', file);
    assert.ok(report, 'the command returns its report');
    assert.deepEqual(
      report.results.map((row) => row.codec),
      DEFAULT_CODECS,
    );
    const sizes = Object.fromEntries(report.results.map((row) => [row.codec, row.status === 'completed' ? row.bytes : -1]));
    assert.deepEqual(sizes, cliSizes(file.fsPath));
  });

  it('Run Benchmark… with a bundled dataset and two codecs returns exactly those rows', async () => {
    const sample = vscode.Uri.joinPath(extensionRoot(), 'schemas', 'tuples.json');
    const report = await vscode.commands.executeCommand<ComparisonReport | undefined>('payloadLab.runBenchmark', {
      sample,
      codecs: ['avsc', 'msgpackr'],
      quick: true,
    });
    assert.deepEqual(
      report?.results.map((row) => row.codec),
      ['avsc', 'msgpackr'],
    );
    assert.ok(report.results.every((row) => row.status === 'completed'));
  });

  it('a JSON syntax error ends the run without a report, and the next run works', async () => {
    const broken = await vscode.commands.executeCommand<ComparisonReport | undefined>(
      'payloadLab.compareEncodings',
      vscode.Uri.joinPath(workspace(), 'broken.json'),
    );
    assert.equal(broken, undefined);
    const next = await vscode.commands.executeCommand<ComparisonReport | undefined>(
      'payloadLab.compareEncodings',
      vscode.Uri.joinPath(workspace(), 'orders.json'),
    );
    assert.ok(next?.results.length);
  });

  it('Cancel Run stops the workers', async () => {
    const idle = threadCount();
    const sample = vscode.Uri.joinPath(extensionRoot(), 'schemas', 'tuples.json');
    const run = vscode.commands.executeCommand<ComparisonReport | undefined>('payloadLab.runBenchmark', {
      sample,
      codecs: ['json', 'avsc', 'protobufjs', 'bson'],
      quick: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await vscode.commands.executeCommand('payloadLab.cancelRun');
    assert.equal(await run, undefined, 'a cancelled run returns no report');
    // Workers are threads of this process, and a cancelled run ends after its worker exited.
    if (idle !== undefined) assert.ok(threadCount()! <= idle, `threads: ${idle} before the run, ${threadCount()} after cancel`);
  });
});
