/**
 * protobufjs with long.js installed explicitly. protobufjs looks for long.js with a `require`
 * hidden from bundlers, so a bundle shipped without node_modules (the extension's .vsix) would
 * silently decode 64-bit integers as lossy numbers while the CLI decoded Long objects. Setting
 * it here, as protobufjs documents, makes every entry point behave the same.
 */
import * as protobuf from 'protobufjs';
import Long from 'long';

protobuf.util.Long = Long as unknown as typeof protobuf.util.Long;
protobuf.configure();

export { protobuf };
