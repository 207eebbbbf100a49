/** The inspection worker's entry to byte annotations: the codec's layout picks the walker. */
import type { EncodingLayout } from '../codecs/codec';
import type { protobuf } from '../codecs/protobufjs-runtime';
import { ANNOTATIONS_PAGE_LIMIT } from '../shared/inspector';
import { annotateCbor } from './annotate-cbor';
import { annotateMsgpack } from './annotate-msgpack';
import { annotateProtobuf } from './annotate-protobuf';
import type { AnnotationPage, ByteWindow } from './annotation-page';

export type { AnnotationPage, ByteWindow } from './annotation-page';

/** Ranges of `bytes` overlapping `window`; an empty page for a format without a layout. */
export function annotateEncoding(layout: EncodingLayout | undefined, bytes: Uint8Array, window: ByteWindow, limit = ANNOTATIONS_PAGE_LIMIT): AnnotationPage {
  switch (layout?.kind) {
    case 'msgpack':
      return annotateMsgpack(bytes, window, limit);
    case 'cbor':
      return annotateCbor(bytes, window, limit);
    case 'protobuf': {
      const type = layout.type as protobuf.Type;
      return annotateProtobuf(bytes, window, layout.wrappedAs === undefined ? { type } : { type, wrappedAs: layout.wrappedAs }, limit);
    }
    default:
      return { annotations: [], truncated: false };
  }
}
