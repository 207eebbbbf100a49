/**
 * What each value probe feeds a library and why it matters, as plain data. Kept apart from
 * the probes' code (value-probes.ts and its judges pull in the round-trip analysis) so the
 * runner, which the extension host loads, lists the probes without loading any of that.
 */
import type { ProbeInfo } from '../shared/probes';

export const valueProbeInfo: readonly ProbeInfo[] = [
  {
    id: 'proto-key',
    kind: 'value',
    title: '"__proto__" key',
    description:
      'JSON.parse(\'{"__proto__": {"injected": true}, "id": 1}\') holds an own key "__proto__". A decoder ' +
      "that assigns it with obj[key] = value replaces the object's prototype instead (prototype " +
      'pollution of that object); others rename or drop the key.',
  },
  {
    id: 'constructor-key',
    kind: 'value',
    title: '"constructor" key',
    description:
      '{"constructor": {"prototype": {"injected": true}}, "id": 1}: the classic path to ' +
      'Object.prototype for merge code; a decoder must keep it as plain data.',
  },
  {
    id: 'int-above-2^53',
    kind: 'value',
    title: 'integer 2^53 + 1',
    description:
      '9007199254740993 is the first integer a JS number cannot hold. Encoded from a BigInt where the ' +
      'library takes one; decoded from the wire bytes another producer would send where the format ' +
      'has them (JSON text, an Avro long, a protobuf int64): exact, silently rounded, or refused?',
  },
  {
    id: 'bigint-above-2^64',
    kind: 'value',
    title: 'BigInt 2^64 + 1',
    description:
      '18446744073709551617n does not fit 64 bits. A library must refuse it or keep it whole ' +
      '(CBOR bignum); truncating it to 64 bits is a silent wrong value.',
  },
  {
    id: 'negative-zero',
    kind: 'value',
    title: '-0',
    description: '{"z": -0}: formats that write integers compactly turn -0 into 0 (1 / z flips from -Infinity to Infinity).',
  },
  {
    id: 'nested-arrays-1e3',
    kind: 'value',
    title: 'arrays nested 1,000 deep',
    description: '[[[…1…]]] 1,000 levels deep: recursive encoders and decoders may run out of call stack.',
  },
  {
    id: 'nested-arrays-1e4',
    kind: 'value',
    title: 'arrays nested 10,000 deep',
    description: '[[[…1…]]] 10,000 levels deep: a clean RangeError is fine; a crash or a wrong value is not.',
  },
  {
    id: 'object-keys-7e4',
    kind: 'value',
    title: 'object with 70,000 keys',
    description:
      '{"k0": 0, …, "k69999": 69999}: more keys than a 16-bit map header counts (65,535). A library must ' +
      'write a 32-bit header, refuse, or write bytes that it cannot read back.',
  },
  {
    id: 'non-ascii-keys',
    kind: 'value',
    title: 'non-ASCII and empty keys',
    description: 'Keys in Cyrillic, CJK, with an accent, an emoji, a space, and the empty key.',
  },
  {
    id: 'lone-surrogate',
    kind: 'value',
    title: 'lone surrogate (key, text)',
    description:
      '{"\\ud800": "x\\udc00"}: valid in JS strings and JSON text, not in UTF-8. A UTF-8 encoder ' +
      'either refuses or replaces it with U+FFFD (a silent change).',
  },
  {
    id: 'empty-containers',
    kind: 'value',
    title: 'empty containers',
    description: '{"o": {}, "a": [], "s": "", "n": {"e": {}}}: empty values are where defaults and omissions show.',
  },
];
