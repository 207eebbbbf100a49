/**
 * Advice that follows from the sample's profile and this run's measurements, each with the
 * figure behind it. A rule speaks only when its figures are there and clear; none is a guess.
 * Shared by the panel, the CLI and `--json` (`advice`).
 */
import { formatBytes, formatPercent } from '../shared/format';
import type { CodecResult, CompletedResult, SampleInfo } from '../shared/results';
import { codecNames } from '../shared/codec-names';
import { profileJsonBytes } from '../shared/profile-text';
import { DEFAULT_TRANSPORT, type Transport } from '../shared/transport';
import { baselineBytes, bytesOn, isMissing } from './transport-figures';
import { ratioFigure, TRANSPORT_WORDS } from './verdict-words';

export interface Advice {
  /** Stable, for tests and styles: 'repeated-keys', 'strings-dominate', 'float32', … */
  id: string;
  text: string;
}

/** A share this large is what the bytes are "mostly" made of. */
const DOMINANT_SHARE = 0.5;
/** Keys this share of MessagePack's bytes are worth writing once. */
const KEYS_SHARE = 0.2;
/** Keys written this many times each, on average, are "repeated". */
const MIN_REPEATS = 3;
/** Fewer doubles than this say nothing about the rest of the data. */
const MIN_DOUBLES = 10;

const ratio = (bytes: number, of: number) => `${ratioFigure(bytes / of)}×`;

/** Below this share of JSON's raw bytes, a binary format does not "save little". */
const SAVES_LITTLE = 0.7;

/**
 * JSON and the smallest binary row after one compression, each over JSON's raw bytes of the same
 * messages: the transport's, or gzip where the bytes travel raw (what HTTP would use). Undefined
 * where that compression was not measured.
 */
function compressedPair(json: CompletedResult, binaries: readonly CompletedResult[], transport: Transport) {
  const via: Transport = transport === 'raw' ? 'gzip' : transport;
  const base = baselineBytes(json, via);
  const jsonBytes = bytesOn(json, via);
  const measured = binaries
    .flatMap((row) => {
      const bytes = bytesOn(row, via);
      return isMissing(bytes) ? [] : [{ row, bytes }];
    })
    .sort((a, b) => a.bytes - b.bytes);
  if (isMissing(jsonBytes) || measured.length === 0) return undefined;
  return { transport: via, json: jsonBytes / base, best: measured[0]!.row, bestRatio: measured[0]!.bytes / base };
}

/** `transport`: how the bytes travel (compression advice uses its compression; gzip where raw). */
export function computeAdvice(results: readonly CodecResult[], input: SampleInfo, transport: Transport = DEFAULT_TRANSPORT): Advice[] {
  const profile = input.profile;
  const rows = results.filter((row): row is CompletedResult => row.status === 'completed');
  if (!profile || rows.length === 0) return [];
  const byId = (id: string) => rows.find((row) => row.codec === id);
  const nameOf = codecNames(results);
  const advice: Advice[] = [];
  const json = byId('json');

  // Repeated keys: how much of MessagePack they take, and what avoids them.
  const msgpack = byId('msgpackr');
  const keyShare = msgpack?.byteAttribution ? msgpack.byteAttribution.keys / msgpack.bytes : null;
  const perKey = profile.keys.occurrences / Math.max(1, profile.keys.distinct);
  if (msgpack && keyShare !== null && keyShare >= KEYS_SHARE && perKey >= MIN_REPEATS) {
    const records = rows.find((row) => row.codec !== 'msgpackr' && row.codec.startsWith('msgpackr') && /record/i.test(row.codec) && row.bytes < msgpack.bytes);
    const schema = rows.filter((row) => row.byteAttribution && row.byteAttribution.keys === 0).sort((a, b) => a.bytes - b.bytes)[0];
    const remedy = records
      ? `records shrink it to ≈ ${formatBytes(records.bytes)} (see the \`${nameOf(records.codec)}\` row)`
      : schema
        ? `a schema format writes none: ${nameOf(schema.codec)} takes ${formatBytes(schema.bytes)} (${ratio(schema.bytes, msgpack.bytes)} MessagePack's size)`
        : 'a format with records or a schema would write each key once';
    advice.push({
      id: 'repeated-keys',
      text: `${formatPercent(keyShare)} of MessagePack bytes are repeated keys (${profile.keys.distinct.toLocaleString('en-US')} distinct keys, each written ${perKey.toFixed(perKey < 10 ? 1 : 0)} times on average): ${remedy}.`,
    });
  }

  // Strings dominate: a binary format writes text as it is; compression shrinks it. Raw is
  // compared with raw and compressed with compressed, and the rule speaks only where a binary
  // format does save little.
  const whole = profileJsonBytes(input);
  const stringShare = profile.strings.jsonBytes / Math.max(1, whole);
  const binaries = rows.filter((row) => row.codec !== 'json');
  const binary = [...binaries].sort((a, b) => a.bytes - b.bytes)[0];
  const compressed = json && compressedPair(json, binaries, transport);
  if (stringShare >= DOMINANT_SHARE && json && binary && binary.bytes / json.bytes >= SAVES_LITTLE && compressed) {
    advice.push({
      id: 'strings-dominate',
      text: `string values are ${formatPercent(stringShare)} of the JSON bytes: a binary format saves little here (smallest: ${nameOf(binary.codec)}, ${ratio(binary.bytes, json.bytes)} JSON, raw against raw); compression shrinks text: ${TRANSPORT_WORDS[compressed.transport]}, JSON is ${ratioFigure(compressed.json)}× JSON raw and the smallest binary (${nameOf(compressed.best.codec)}) ${ratioFigure(compressed.bestRatio)}×.`,
    });
  }

  // Doubles that float32 holds exactly: half the bytes, nothing lost.
  const { doubles, float32Exact, integers, int32 } = profile.numbers;
  if (doubles > 0 && float32Exact === doubles) {
    advice.push({
      id: 'float32',
      text: `all ${doubles.toLocaleString('en-US')} doubles are exact in float32: \`--doubles float\` (the panel's Doubles choice) halves them in Avro and protobuf, ${formatBytes(doubles * 4)} less${input.messages ? ' over the whole stream' : ''}, with an exact round trip.`,
    });
  } else if (doubles >= MIN_DOUBLES && float32Exact / doubles >= DOMINANT_SHARE) {
    advice.push({
      id: 'float32-some',
      text: `${formatPercent(float32Exact / doubles)} of the doubles are exact in float32, not all: \`--doubles float\` would round the other ${(doubles - float32Exact).toLocaleString('en-US')}.`,
    });
  }

  // Integers beyond 32 bits cost Avro and protobuf longer varints; say so when none do.
  if (integers > 0 && int32 === integers && profile.numbers.jsonBytes / whole >= 0.2) {
    advice.push({
      id: 'int32',
      text: `all ${integers.toLocaleString('en-US')} integers fit 32 bits and numbers are ${formatPercent(profile.numbers.jsonBytes / whole)} of the JSON bytes: varint formats (avsc, protobufjs, MessagePack) write small ones in 1–2 bytes.`,
    });
  }

  // Nulls: Avro and protobuf can leave absent fields out only where the schema allows it.
  if (profile.nulls / Math.max(1, profile.values) >= 0.1) {
    advice.push({
      id: 'nulls',
      text: `${formatPercent(profile.nulls / profile.values)} of the values are null (${profile.nulls.toLocaleString('en-US')}): optional fields in a schema format cost a union byte each; leaving the keys out of the JSON costs nothing anywhere.`,
    });
  }

  // Compression beats format: JSON compressed is already smaller than any binary format sent
  // raw; then, with the same compression on both, what a binary format still saves.
  if (json && binary && compressed && compressed.json * json.bytes < binary.bytes) {
    const { best, bestRatio } = compressed;
    const how = TRANSPORT_WORDS[compressed.transport];
    const then =
      bestRatio < compressed.json
        ? `${how} on both, ${nameOf(best.codec)} is ${formatPercent(1 - bestRatio / compressed.json)} smaller still (${ratioFigure(bestRatio)}× against JSON's ${ratioFigure(compressed.json)}×)`
        : `${how} on both, no binary format here is smaller than JSON`;
    advice.push({
      id: 'compress-first',
      text: `JSON ${how} (${ratioFigure(compressed.json)}× its raw bytes) is already smaller than the smallest binary encoding sent raw (${nameOf(binary.codec)}, ${ratio(binary.bytes, json.bytes)}): for size on the wire, compress first; ${then}.`,
    });
  }
  return advice;
}
