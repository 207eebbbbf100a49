/**
 * The wording of probe details, run in this process on a real library: a detail is read
 * beside its outcome word, so it must not repeat it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCodec } from '../../src/codecs/load-codec';
import { probeUnits } from '../../src/probes/probe-units';
import { runProbeUnit } from '../../src/probes/run-unit';
import { PROBE_OUTCOME_WORDS } from '../../src/shared/probes';

test('a crafted length that protobufjs refuses reads "refused: threw …", the outcome word once', async () => {
  const { module } = await loadCodec({ builtin: 'protobufjs' });
  const units = probeUnits(['crafted-lengths'], 'protobufjs');
  assert.ok(units.length > 0);
  for (const unit of units) {
    const result = runProbeUnit(unit, module, 'protobufjs');
    assert.deepEqual(result.effects, ['clean-error']);
    const [entry] = result.cases ?? [];
    assert.ok(entry);
    // As the panel's probe detail lists a case: label, outcome word, detail.
    const line = `${entry.label}: ${PROBE_OUTCOME_WORDS[entry.outcome]}: ${entry.detail}`;
    assert.match(line, /: refused: threw \S/);
    assert.equal(line.match(/refused/g)?.length, 1, line);
  }
});
