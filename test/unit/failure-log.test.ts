/**
 * The log line of a failed run: a problem in the user's input is one warning line with its
 * file:line:column and no stack; anything else is an error with the stack (a fault of ours).
 * The errors are the real ones the parser, the schema loader and the sweep's scaler throw.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { logFailure, type FailureLog } from '../../src/host/failure-log';
import { parseSampleText } from '../../src/input/parse-sample';
import { recordPlanOf } from '../../src/measurement/scale-sample';
import { SchemaInputError } from '../../src/schema/schema-problem';
import { loadProtoSchema } from '../../src/schema/load-proto';

function collected(error: unknown): { warn: string[]; error: string[] } {
  const lines = { warn: [] as string[], error: [] as string[] };
  const log: FailureLog = { warn: (line) => lines.warn.push(line), error: (line) => lines.error.push(line) };
  logFailure(log, 'run 3', error);
  return lines;
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

test('a JSON syntax error is one warning line naming file:line:column, without a stack', () => {
  const error = thrown(() => parseSampleText('{\n  "items": [1, 2],\n  "total": tru\n}\n', 'json', '/w/broken.json'));
  const lines = collected(error);
  assert.deepEqual(lines.error, []);
  assert.equal(lines.warn.length, 1);
  assert.match(lines.warn[0]!, /^run 3: input problem: \/w\/broken\.json:3:\d+: JSON syntax error: /);
  assert.doesNotMatch(lines.warn[0]!, /\n|\bat .*\(.*:\d+:\d+\)/, 'no stack frames');
});

test('a schema that does not load and a sample a sweep cannot scale are input problems too', () => {
  const loaded = loadProtoSchema('syntax = "proto3";\nmessage Broken {\n  int32 x = ;\n}\n', { path: '/w/broken.proto' });
  assert.ok(!loaded.ok);
  const schemaError = new SchemaInputError('/w/broken.proto', loaded.error);
  assert.match(collected(schemaError).warn[0] ?? '', /^run 3: input problem: \/w\/broken\.proto:3:\d+: /);
  const unscalable = thrown(() => recordPlanOf({ total: 3 }));
  assert.deepEqual(collected(unscalable).error, []);
  assert.match(collected(unscalable).warn[0] ?? '', /a size sweep scales an array of records/);
});

test('any other failure is an error with its stack: a fault of the tool, for a bug report', () => {
  const lines = collected(new TypeError('cannot read properties of undefined'));
  assert.deepEqual(lines.warn, []);
  assert.match(lines.error[0]!, /^run 3: TypeError: cannot read properties of undefined\n\s+at /);
});
