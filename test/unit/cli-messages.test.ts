/**
 * Message mode in the CLI: JSON Lines measured as messages by default (with a line saying so),
 * `messages DIR`, the `--json` contract per row, the Markdown export, and bad input as exit 2
 * with the file and line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ComparisonReport } from '../../src/shared/results';
import { renderReport } from '../../src/report/export';
import { cliScript, FAST_ARGS as FAST_COMPARE_ARGS, repoRoot } from '../support/paths';

function cli(...args: string[]) {
  const run = spawnSync(process.execPath, [cliScript, ...args], { encoding: 'utf8', timeout: 240_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const FAST_ARGS = [...FAST_COMPARE_ARGS, '--compressed-messages', '20', '--batches', '1,10'];
const events = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'events.json'), 'utf8')) as unknown[]).slice(0, 60);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-messages-'));
const jsonl = path.join(dir, 'events.jsonl');
fs.writeFileSync(jsonl, `${events.map((event) => JSON.stringify(event)).join('\n')}\n`);

test("compare on JSON Lines measures messages by default, says so, and prints the per-message table, the stream's tables and the verdict", () => {
  const { code, stdout, stderr } = cli('compare', jsonl, '--codecs', 'json,avsc,msgpackr', ...FAST_ARGS);
  assert.equal(code, 0, stderr);
  assert.match(
    stdout,
    new RegExp(
      `^${jsonl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is JSON Lines: each record is measured as its own message \\(message mode\\); --document measures the records as one array\\.`,
    ),
  );
  assert.match(stdout, /: 60 messages \(JSON Lines\), [\d.]+ B of minified JSON per message/);
  assert.match(stdout, /bytes\/msg +ratio +p50 \/ p99 \/ max +encode\/msg +decode\/msg/);
  for (const section of [
    'message sizes (bytes):',
    'framing added per message',
    'compressed per message, each alone (held-out messages 49–60',
    'batches: bytes per message',
    'messages per second one codec sustains',
    'verdict, per message:',
  ]) {
    assert.ok(stdout.includes(section), `missing: ${section}`);
  }
  assert.match(stdout, /Avro single-object encoding 10 B; Schema Registry wire format 5 B; varint length prefix 2 B/);
  // The verdict is for gzip by default: its pick starts with what gzip alone gives.
  assert.match(stdout, /\n {2}Gzip alone: [\d.]+× JSON; /);
});

test("--document measures a .jsonl file's records as one array, as before", () => {
  const { code, stdout } = cli('compare', jsonl, '--document', '--codecs', 'json,msgpackr', ...FAST_COMPARE_ARGS);
  assert.equal(code, 0);
  assert.doesNotMatch(stdout, /message mode/);
  assert.match(stdout, /encode\/call/);
});

test('messages --json: one document whose rows carry messages {count, sizes, framing, perMessage, dictionary, batches, link}; its Markdown export is per message', () => {
  const { code, stdout, stderr } = cli('messages', jsonl, '--json', '--codecs', 'json,protobufjs', '--link', '1M,1G', ...FAST_ARGS);
  assert.equal(code, 0, stderr);
  const report = JSON.parse(stdout) as ComparisonReport;
  assert.equal(report.input.records, 60);
  assert.equal(report.input.messages?.count, 60);
  for (const row of report.results) {
    assert.equal(row.status, 'completed');
    if (row.status !== 'completed') continue;
    const messages = row.messages!;
    for (const key of ['count', 'sizes', 'framing', 'perMessage', 'dictionary', 'batches', 'link'] as const)
      assert.ok(messages[key] !== undefined, `${row.codec}: messages.${key}`);
    assert.deepEqual([...new Set(messages.link!.figures.map((figure) => figure.bitsPerSecond))], [1e6, 1e9]);
    assert.deepEqual(
      messages.batches.sizes.map((batch) => batch.messagesPerBatch),
      [1, 10],
    );
  }
  const markdown = renderReport(report, 'markdown');
  assert.match(markdown, /^## Payload Lab, per message: events\.jsonl/);
  assert.match(markdown, /\*\*Verdict, per message\*\*\n\n[^]*?\nGzip alone: [\d.]+× JSON; /);
  assert.match(markdown, /\| codec \| format \| bytes\/msg \|/);
  assert.match(markdown, /\*\*Messages per second one codec sustains/);
});

test("messages DIR: a folder's .json files are the messages", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-cli-folder-'));
  events.slice(0, 12).forEach((event, index) => fs.writeFileSync(path.join(folder, `event-${index + 1}.json`), JSON.stringify(event, null, 2)));
  const { code, stdout, stderr } = cli('messages', folder, '--json', '--codecs', 'json,cbor-x', ...FAST_ARGS);
  assert.equal(code, 0, stderr);
  const report = JSON.parse(stdout) as ComparisonReport;
  assert.equal(report.input.messages?.format, 'json-folder');
  assert.equal(report.input.messages?.count, 12);
});

test('bad input: a line that is not JSON exits 2 at file:line:column (or is skipped and counted); an empty stream is named', () => {
  const broken = path.join(dir, 'broken.jsonl');
  fs.writeFileSync(broken, `${JSON.stringify(events[0])}\n{"id": 1,}\n${JSON.stringify(events[1])}\n`);
  const stopped = cli('messages', broken, ...FAST_ARGS);
  assert.equal(stopped.code, 2);
  assert.match(stopped.stderr, new RegExp(`${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:10: JSON syntax error`));
  assert.equal(stopped.stdout, '');
  const skipped = cli('messages', broken, '--skip-invalid-lines', '--json', '--codecs', 'json', ...FAST_ARGS);
  assert.equal(skipped.code, 0, skipped.stderr);
  const report = JSON.parse(skipped.stdout) as ComparisonReport;
  assert.deepEqual([report.input.messages?.count, report.input.messages?.skipped.count, report.input.messages?.skipped.first[0]?.line], [2, 1, 2]);
  const empty = path.join(dir, 'empty.json');
  fs.writeFileSync(empty, '[]');
  const none = cli('messages', empty, ...FAST_ARGS);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /empty\.json: the stream has no message: an empty array/);
});

test('message flags outside message mode, and message mode in a browser, are usage errors', () => {
  const flags = cli('compare', path.join(repoRoot, 'schemas', 'tuples.json'), '--batches', '10');
  assert.equal(flags.code, 2);
  assert.match(flags.stderr, /--batches applies to message mode: add --messages/);
  const browser = cli('compare', jsonl, '--runtimes', 'browser');
  assert.equal(browser.code, 2);
  assert.match(browser.stderr, /message mode runs in Node worker threads only/);
  const link = cli('messages', jsonl, '--link', 'fast');
  assert.equal(link.code, 2);
  assert.match(link.stderr, /--link takes speeds in bits\/s such as 10M,100M,1G, got 'fast'/);
});
