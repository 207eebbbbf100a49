/**
 * Messages per second on a link: one core encodes (and compresses), one core
 * decompresses and decodes, the link carries bytes; the rate a codec sustains is the lowest of
 * the three, and the figure names which one limits it. Bytes on the link are the wire's bytes
 * per message plus a varint length prefix. Pure.
 */
import type { LinkFigure, LinkWire, MessageFigures, MessageLink } from '../../shared/messages';
import { varintBytes } from './framing';

interface Wire {
  wire: LinkWire;
  bytes: number;
  encodeNs: number;
  decodeNs: number;
}

export function linkFigures(
  row: { bytes: number; encode: { meanNs: number }; decode: { meanNs: number }; messages: MessageFigures },
  speeds: readonly number[],
): MessageLink {
  const { messages } = row;
  const prefix = messages.framing.find((framing) => framing.id === 'length-prefix')?.bytesPerMessage ?? varintBytes(row.bytes);
  const wires: Wire[] = [{ wire: 'plain', bytes: row.bytes + prefix, encodeNs: row.encode.meanNs, decodeNs: row.decode.meanNs }];
  const notMeasured: MessageLink['notMeasured'] = [];
  const { compression, dictionary } = messages;
  if (compression.alone.zstd !== null && compression.zstdTimes) {
    const bytes = compression.alone.zstd;
    wires.push({
      wire: 'zstd',
      bytes: bytes + varintBytes(Math.round(bytes)),
      encodeNs: row.encode.meanNs + compression.zstdTimes.compressNs,
      decodeNs: row.decode.meanNs + compression.zstdTimes.decompressNs,
    });
  } else {
    notMeasured.push({ wire: 'zstd', reason: compression.zstdNotMeasured ?? 'zstd was not timed' });
  }
  if (dictionary.status === 'measured') {
    const bytes = dictionary.withDictionary.mean;
    wires.push({
      wire: 'zstd-dictionary',
      bytes: bytes + varintBytes(Math.round(bytes)),
      encodeNs: row.encode.meanNs + dictionary.times.compressNs,
      decodeNs: row.decode.meanNs + dictionary.times.decompressNs,
    });
  } else {
    notMeasured.push({ wire: 'zstd-dictionary', reason: dictionary.reason });
  }
  const figures = speeds.flatMap((bitsPerSecond) => wires.map((wire) => linkFigure(bitsPerSecond, wire)));
  return { figures, notMeasured };
}

function linkFigure(bitsPerSecond: number, wire: Wire): LinkFigure {
  const rate = (ns: number) => (ns > 0 ? 1e9 / ns : Number.POSITIVE_INFINITY);
  const linkPerSecond = bitsPerSecond / 8 / wire.bytes;
  const encodePerSecond = rate(wire.encodeNs);
  const decodePerSecond = rate(wire.decodeNs);
  const perSecond = Math.min(linkPerSecond, encodePerSecond, decodePerSecond);
  const limitedBy = perSecond === linkPerSecond ? 'link' : perSecond === encodePerSecond ? 'encode' : 'decode';
  return {
    bitsPerSecond,
    wire: wire.wire,
    bytesPerMessage: Number(wire.bytes.toFixed(2)),
    linkPerSecond: Math.round(linkPerSecond),
    encodePerSecond: Math.round(encodePerSecond),
    decodePerSecond: Math.round(decodePerSecond),
    perSecond: Math.round(perSecond),
    limitedBy,
  };
}
