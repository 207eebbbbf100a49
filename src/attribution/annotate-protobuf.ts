/**
 * Byte ranges of a Protocol Buffers encoding, named from the protobufjs message type. Length
 * prefixes let the walk skip every field that ends before the window in O(1) (a whole
 * submessage included), so it enters only the messages that hold the window.
 *
 * Paths follow the sample: a repeated field's occurrence is `field[i]` (i counts occurrences in
 * that message, packed elements included), a map entry's value is `field[key]`, and with
 * `wrappedAs` the root's wrapper field adds no step (`$.records[3].x` is `$[3].x`).
 */
import { formatSegment } from '../analysis/json-path';
import { protobuf } from '../codecs/protobufjs-runtime';
import { ANNOTATIONS_PAGE_LIMIT } from '../shared/inspector';
import { AnnotationSink, count, decodeUtf8, hexPreview, textPreview, type AnnotationPage, type ByteWindow } from './annotation-page';
import { Checkpoints } from './checkpoints';
import { countVarints, fixedScalar, scalarWire, varintBig, varintScalar, Wire, WIRE_NAMES, WireReader } from '../codecs/protobuf-wire';

export interface ProtobufLayout {
  type: protobuf.Type;
  /** The root message holds the sample in this field (`{ records: sample }`). */
  wrappedAs?: string;
}

/** A field as the walk needs it, described once per type and field number. */
interface FieldInfo {
  id: number;
  name: string;
  /** A scalar type (`double`, `string`, …), `enum`, `message` or `map`. */
  kind: string;
  /** For labels: `double`, `Item`, `map<string, Item>`. */
  typeName: string;
  /** The wire type of one value (packed repeated scalars also come length-delimited). */
  wire: Wire;
  repeated: boolean;
  message: protobuf.Type | null;
  enumType: protobuf.Enum | null;
  /** A map's entry: key = 1, value = 2. */
  entry: { key: FieldInfo; value: FieldInfo } | null;
  /** `key` / `value` of a map entry: they take the entry's path and add no step. */
  role: 'field' | 'key' | 'value';
}

interface Frame {
  /** Null for a map entry, whose fields are `entry`'s. */
  type: protobuf.Type | null;
  entry: { key: FieldInfo; value: FieldInfo } | null;
  /** Byte after the message. */
  end: number;
  /** The message's path (a map entry: its value's). */
  path: string;
  root: boolean;
  /** Occurrences of each repeated field so far (the next one's index), but `countId`'s. */
  counts: Map<number, number> | null;
  /** The field counted last and its count, kept out of `counts`: a list repeats one field. */
  countId: number;
  countNext: number;
  /** Packed varint runs skipped before the window, counted only if a later run needs indexes. */
  uncounted: { id: number; start: number; end: number }[] | null;
  /** The field looked up last (a list repeats one field). */
  lastId: number;
  lastInfo: FieldInfo | null;
}

const FIELDS = new WeakMap<protobuf.Type, Map<number, FieldInfo | null>>();
/** Open messages along encodings already walked with a layout (see checkpoints.ts). */
const CHECKPOINTS = new WeakMap<Uint8Array, { layout: ProtobufLayout; checkpoints: Checkpoints<Frame[]> }>();

export function annotateProtobuf(bytes: Uint8Array, window: ByteWindow, layout: ProtobufLayout, limit = ANNOTATIONS_PAGE_LIMIT): AnnotationPage {
  const sink = new AnnotationSink(window, limit);
  return new ProtobufWalk(bytes, sink, layout.wrappedAs).run(layout.type, checkpointsFor(bytes, layout));
}

function checkpointsFor(bytes: Uint8Array, layout: ProtobufLayout): Checkpoints<Frame[]> {
  const saved = CHECKPOINTS.get(bytes);
  if (saved && saved.layout.type === layout.type && saved.layout.wrappedAs === layout.wrappedAs) return saved.checkpoints;
  const checkpoints = new Checkpoints<Frame[]>();
  CHECKPOINTS.set(bytes, { layout, checkpoints });
  return checkpoints;
}

class ProtobufWalk {
  private readonly reader: WireReader;
  private readonly view: DataView;
  private readonly frames: Frame[] = [];

  constructor(
    private readonly bytes: Uint8Array,
    private readonly sink: AnnotationSink,
    private readonly wrappedAs: string | undefined,
  ) {
    this.reader = new WireReader(bytes);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  run(type: protobuf.Type, checkpoints: Checkpoints<Frame[]>): AnnotationPage {
    const { frames, reader, sink } = this;
    const resume = checkpoints.before(sink.start);
    if (resume) {
      frames.push(...resume.state.map(copyFrame));
      reader.pos = resume.position;
    } else frames.push(newFrame(type, null, this.bytes.length, '$', true));
    let nextCheckpoint = checkpoints.nextAfter(reader.pos, frames.length);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      if (reader.pos >= frame.end) {
        frames.pop();
        continue;
      }
      if (sink.isDoneAt(reader.pos)) break;
      if (reader.pos >= nextCheckpoint) {
        checkpoints.save(reader.pos, frames.map(copyFrame));
        nextCheckpoint = checkpoints.nextAfter(reader.pos, frames.length);
      }
      const error = this.field(frame);
      if (error !== undefined) return sink.page(error);
    }
    return sink.page();
  }

  /** Reads one field of `frame` at the reader's position; returns an error, if any. */
  private field(frame: Frame): string | undefined {
    const { reader, sink } = this;
    const tagStart = reader.pos;
    const tag = reader.varint(frame.end);
    if (Number.isNaN(tag)) return this.overrun(frame, tagStart, 'a field tag');
    const wire = tag % 8;
    const id = Math.floor(tag / 8);
    if (id === 0) return `malformed at byte ${tagStart}: field number 0`;
    if (wire === Wire.GroupEnd || wire > Wire.Fixed32) return `malformed at byte ${tagStart}: ${WIRE_NAMES[wire]} where a field starts`;
    const tagEnd = reader.pos;
    let payloadStart = tagEnd;
    if (wire === Wire.Delimited) {
      const length = reader.varint(frame.end);
      if (Number.isNaN(length)) return this.overrun(frame, tagStart, `the length of field ${id}`);
      payloadStart = reader.pos;
      if (payloadStart + length > frame.end) return this.overrun(frame, tagStart, `field ${id} (${count(length, 'byte')})`);
      reader.pos = payloadStart + length;
    } else if (!reader.skip(wire, id, frame.end)) return this.overrun(frame, tagStart, `field ${id} (${WIRE_NAMES[wire]})`);
    const end = reader.pos;
    let info = frame.lastInfo;
    if (id !== frame.lastId) {
      info = frame.entry ? (id === 1 ? frame.entry.key : id === 2 ? frame.entry.value : null) : fieldOf(frame.type!, id);
      frame.lastId = id;
      frame.lastInfo = info;
    }
    const packed = info !== null && info.repeated && info.wire !== Wire.Delimited && wire === Wire.Delimited;
    if (info === null || (wire !== info.wire && !packed)) {
      if (end > sink.start) this.foreign(frame, info, id, wire, tagStart, tagEnd, payloadStart, end);
      return undefined;
    }
    if (end <= sink.start) {
      if (info.repeated) this.countSkipped(frame, info, packed, payloadStart, end);
      return undefined;
    }
    const base = this.fieldPath(frame, info);
    if (packed) return this.packed(frame, info, base, tagStart, tagEnd, payloadStart, end);
    let path = base;
    if (info.entry) path += formatSegment(this.mapKey(info.entry.key.kind, payloadStart, end));
    else if (info.repeated) path += formatSegment(this.nextIndexes(frame, info.id, 1));
    if (sink.overlaps(tagStart, tagEnd)) sink.add(tagStart, tagEnd, path, 'key', tagLabel(info));
    if (wire !== Wire.Delimited) {
      if (sink.overlaps(tagEnd, end)) sink.add(tagEnd, end, path, info.role === 'key' ? 'key' : 'value', this.scalarLabel(info, tagEnd, end));
      return undefined;
    }
    const length = end - payloadStart;
    if (sink.overlaps(tagEnd, payloadStart)) sink.add(tagEnd, payloadStart, path, 'header', delimitedLabel(info, length));
    if (info.entry || info.message) {
      if (length > 0) {
        this.frames.push(newFrame(info.message, info.entry, end, path, false));
        reader.pos = payloadStart;
      }
    } else if (sink.overlaps(payloadStart, end)) {
      const text = info.kind === 'string' ? textPreview(this.bytes, payloadStart, end) : hexPreview(this.bytes, payloadStart, end);
      sink.add(payloadStart, end, path, info.role === 'key' ? 'key' : 'value', info.role === 'key' ? `key ${text}` : text);
    }
    return undefined;
  }

  /** `what` does not end inside its message: the bytes end early, or a length is wrong. */
  private overrun(frame: Frame, start: number, what: string): string {
    const size = this.bytes.length;
    if (frame.end === size) return `truncated at byte ${size}: ${what} at byte ${start} runs past the end`;
    return `malformed at byte ${start}: ${what} runs past the end of its message at byte ${frame.end}`;
  }

  /** A packed run of a repeated scalar: one range per element, indexes continuing the field's count. */
  private packed(frame: Frame, info: FieldInfo, base: string, tagStart: number, tagEnd: number, payloadStart: number, end: number): string | undefined {
    const { sink, bytes } = this;
    if (sink.overlaps(tagStart, tagEnd)) sink.add(tagStart, tagEnd, base, 'key', tagLabel(info, true));
    if (sink.overlaps(tagEnd, payloadStart)) sink.add(tagEnd, payloadStart, base, 'header', `packed ${info.typeName}, ${count(end - payloadStart, 'byte')}`);
    const first = this.nextIndexes(frame, info.id, 0);
    const width = info.wire === Wire.Fixed64 ? 8 : info.wire === Wire.Fixed32 ? 4 : 0;
    if (width > 0) {
      if ((end - payloadStart) % width !== 0)
        return `malformed at byte ${tagStart}: packed ${info.typeName} of ${count(end - payloadStart, 'byte')}, not a multiple of ${width}`;
      const total = (end - payloadStart) / width;
      this.nextIndexes(frame, info.id, total);
      for (let i = Math.max(0, Math.floor((sink.start - payloadStart) / width)); i < total; i++) {
        const start = payloadStart + i * width;
        if (sink.isDoneAt(start)) break;
        sink.add(start, start + width, base + formatSegment(first + i), 'value', this.scalarLabel(info, start, start + width));
      }
      return undefined;
    }
    let index = first;
    for (let start = payloadStart; start < end; index++) {
      let next = start;
      while (next < end && bytes[next]! >= 0x80) next++;
      if (next === end) return `malformed at byte ${start}: a packed varint runs past its field's end at byte ${end}`;
      next++;
      if (sink.isDoneAt(start)) break;
      if (next > sink.start) sink.add(start, next, base + formatSegment(index), 'value', this.scalarLabel(info, start, next));
      start = next;
    }
    this.nextIndexes(frame, info.id, index - first);
    return undefined;
  }

  /** A field the type does not declare, or one written with another wire type. */
  private foreign(frame: Frame, info: FieldInfo | null, id: number, wire: number, tagStart: number, tagEnd: number, payloadStart: number, end: number): void {
    const { sink, bytes, view } = this;
    const path = info ? this.fieldPath(frame, info) : frame.path;
    const what = info ? `field ${id} ${info.name}: ${info.typeName}, but ${WIRE_NAMES[wire]}` : `unknown field ${id} (${WIRE_NAMES[wire]})`;
    if (sink.overlaps(tagStart, tagEnd)) sink.add(tagStart, tagEnd, path, 'key', what);
    if (wire === Wire.Delimited) {
      if (sink.overlaps(tagEnd, payloadStart)) sink.add(tagEnd, payloadStart, path, 'header', `length-delimited, ${count(end - payloadStart, 'byte')}`);
      if (sink.overlaps(payloadStart, end)) sink.add(payloadStart, end, path, 'value', hexPreview(bytes, payloadStart, end));
    } else if (sink.overlaps(tagEnd, end)) {
      let label: string;
      if (wire === Wire.GroupStart) label = 'group (deprecated): not decoded';
      else if (wire === Wire.Varint) label = `varint ${varintBig(bytes, tagEnd, end)}`;
      else if (wire === Wire.Fixed64) label = `64-bit ${view.getBigUint64(tagEnd, true)}`;
      else label = `32-bit ${view.getUint32(tagEnd, true)}`;
      sink.add(tagEnd, end, path, 'value', label);
    }
  }

  private fieldPath(frame: Frame, info: FieldInfo): string {
    if (info.role !== 'field' || (frame.root && info.name === this.wrappedAs)) return frame.path;
    return frame.path + formatSegment(info.name);
  }

  /** Reserves `n` indexes of a repeated field in this message; returns the first. */
  private nextIndexes(frame: Frame, id: number, n: number): number {
    if (frame.countId !== id) {
      this.settleCount(frame);
      let next = frame.counts?.get(id) ?? 0;
      if (frame.uncounted) {
        for (const run of frame.uncounted) if (run.id === id) next += countVarints(this.bytes, run.start, run.end);
        frame.uncounted = frame.uncounted.filter((run) => run.id !== id);
      }
      frame.countId = id;
      frame.countNext = next;
    }
    const first = frame.countNext;
    frame.countNext += n;
    return first;
  }

  /** Moves the count kept aside into `counts`. */
  private settleCount(frame: Frame): void {
    if (frame.countId < 0) return;
    (frame.counts ??= new Map()).set(frame.countId, frame.countNext);
    frame.countId = -1;
  }

  /** Counts the occurrences of a repeated field that ends before the window, without reading it. */
  private countSkipped(frame: Frame, info: FieldInfo, packed: boolean, payloadStart: number, end: number): void {
    if (!packed) {
      this.nextIndexes(frame, info.id, 1);
    } else if (info.wire !== Wire.Varint) {
      this.nextIndexes(frame, info.id, Math.floor((end - payloadStart) / (info.wire === Wire.Fixed64 ? 8 : 4)));
    } else {
      // Varints are counted byte by byte: only if a later occurrence of the field needs its index.
      if (frame.countId === info.id) this.settleCount(frame);
      (frame.uncounted ??= []).push({ id: info.id, start: payloadStart, end });
    }
  }

  /** The key of the map entry in `[start, end)` as the sample's object key (protobuf: the last one wins). */
  private mapKey(keyType: string, start: number, end: number): string {
    const reader = new WireReader(this.bytes);
    reader.pos = start;
    let key = keyType === 'string' ? '' : keyType === 'bool' ? 'false' : '0';
    while (reader.pos < end) {
      const tag = reader.varint(end);
      if (Number.isNaN(tag)) break;
      const wire = tag % 8;
      if (wire === Wire.Delimited) {
        const length = reader.varint(end);
        if (Number.isNaN(length) || reader.pos + length > end) break;
        if (tag === (1 << 3) + wire) key = decodeUtf8(this.bytes, reader.pos, reader.pos + length);
        reader.pos += length;
        continue;
      }
      const valueStart = reader.pos;
      if (!reader.skip(wire, Math.floor(tag / 8), end)) break;
      if (tag === (1 << 3) + wire) key = this.scalarText(keyType, wire, valueStart, reader.pos);
    }
    return key;
  }

  private scalarText(kind: string, wire: number, start: number, end: number): string {
    if (wire === Wire.Varint) return String(varintScalar(varintBig(this.bytes, start, end), kind));
    return String(fixedScalar(this.view, start, kind, end - start === 8 ? 8 : 4));
  }

  /** `double 4.104`, `int64 -3`, `enum Color 2 (RED)`, `key 5` (a map's key). */
  private scalarLabel(info: FieldInfo, start: number, end: number): string {
    const text = this.scalarText(info.kind, info.wire, start, end);
    if (info.role === 'key') return `key ${text}`;
    if (info.enumType) {
      const name = info.enumType.valuesById[Number(text)];
      return `enum ${info.typeName} ${text}${name === undefined ? '' : ` (${name})`}`;
    }
    return `${info.kind} ${text}`;
  }
}

function newFrame(type: protobuf.Type | null, entry: Frame['entry'], end: number, path: string, root: boolean): Frame {
  return { type, entry, end, path, root, counts: null, countId: -1, countNext: 0, uncounted: null, lastId: -1, lastInfo: null };
}

/** A frame to save or resume: the walk changes counts in place. */
function copyFrame(frame: Frame): Frame {
  return { ...frame, counts: frame.counts && new Map(frame.counts), uncounted: frame.uncounted && frame.uncounted.slice() };
}

function tagLabel(info: FieldInfo, packed = false): string {
  if (info.role === 'key') return `map key: ${info.typeName}`;
  if (info.role === 'value') return `map value: ${info.typeName}`;
  const type = packed ? `packed ${info.typeName}` : info.repeated ? `repeated ${info.typeName}` : info.typeName;
  return `field ${info.id} ${info.name}: ${type}`;
}

function delimitedLabel(info: FieldInfo, length: number): string {
  const bytes = count(length, 'byte');
  if (info.entry) return `map entry, ${bytes}`;
  if (info.message) return `message ${info.typeName}, ${bytes}`;
  return `${info.kind}, ${bytes}`;
}

function fieldOf(type: protobuf.Type, id: number): FieldInfo | null {
  let fields = FIELDS.get(type);
  if (fields === undefined) FIELDS.set(type, (fields = new Map<number, FieldInfo | null>()));
  let info = fields.get(id);
  if (info === undefined) {
    const field = type.fieldsById[id];
    info = field === undefined ? null : describeField(field);
    fields.set(id, info);
  }
  return info;
}

function describeField(field: protobuf.Field): FieldInfo {
  if (!field.resolved) {
    try {
      field.resolve();
    } catch {
      // A type name that does not resolve: its bytes are shown undecoded.
    }
  }
  const value = describeValue(field.id, field.name, field.type, field.resolvedType, 'field');
  if (!field.map || !(field instanceof protobuf.MapField)) return { ...value, repeated: field.repeated };
  const keyType = field.keyType;
  const entry = {
    key: describeValue(1, 'key', keyType, null, 'key'),
    value: describeValue(2, 'value', field.type, field.resolvedType, 'value'),
  };
  return { ...value, kind: 'map', typeName: `map<${keyType}, ${entry.value.typeName}>`, wire: Wire.Delimited, message: null, enumType: null, entry };
}

function describeValue(id: number, name: string, type: string, resolved: protobuf.ReflectionObject | null, role: FieldInfo['role']): FieldInfo {
  const info: FieldInfo = {
    id,
    name,
    kind: type,
    typeName: type,
    wire: scalarWire(type) ?? Wire.Delimited,
    repeated: false,
    message: null,
    enumType: null,
    entry: null,
    role,
  };
  if (resolved instanceof protobuf.Type) return { ...info, kind: 'message', typeName: resolved.name, wire: Wire.Delimited, message: resolved };
  if (resolved instanceof protobuf.Enum) return { ...info, kind: 'enum', typeName: resolved.name, wire: Wire.Varint, enumType: resolved };
  return info;
}
