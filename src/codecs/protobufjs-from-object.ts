/** protobufjs as the published benchmark calls it: `type.encode(type.fromObject(value)).finish()`. */
import type { CodecModule } from './codec';
import { prepareProtobufjs } from './protobufjs';

export const prepare: CodecModule['prepare'] = (sample, context) => prepareProtobufjs(sample, context, { fromObject: true });

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;
