// Type declarations for the codec libraries that ship none: only what the codecs call.

declare module 'bser' {
  export function dumpToBuffer(value: unknown): Buffer;
  export function loadFromBuffer(bytes: Buffer): unknown;
}

declare module 'js-binary' {
  export class Type {
    constructor(schema: unknown);
    encode(value: unknown): Buffer;
    decode(bytes: Buffer): unknown;
  }
}

declare module 'avro-js' {
  export interface AvroJsType {
    toBuffer(value: unknown): Buffer;
    fromBuffer(bytes: Buffer): unknown;
    isValid(value: unknown, options?: { errorHook?: (path: string[], value: unknown, type: unknown) => void }): boolean;
  }
  export function parse(schema: unknown): AvroJsType;
}

declare module 'pbf/compile' {
  /** The read/write functions (and enums) generated for every message of the schema object. */
  export function compile(schema: unknown): Record<string, unknown>;
}
