/**
 * Brand checks on decoded values that run in Node and in a browser worker alike (Node's
 * `util.types` does not exist there). `Object.prototype.toString` reads the internal brand, so,
 * like `util.types`, they also recognise values from another realm.
 */
const brand = (value: unknown): string => Object.prototype.toString.call(value);

export const valueTypes = {
  isTypedArray: (value: unknown): boolean => ArrayBuffer.isView(value) && brand(value) !== '[object DataView]',
  isMap: (value: unknown): value is Map<unknown, unknown> => brand(value) === '[object Map]',
  isDate: (value: unknown): boolean => brand(value) === '[object Date]',
  isSet: (value: unknown): boolean => brand(value) === '[object Set]',
  isAnyArrayBuffer: (value: unknown): boolean => brand(value) === '[object ArrayBuffer]' || brand(value) === '[object SharedArrayBuffer]',
  isDataView: (value: unknown): boolean => brand(value) === '[object DataView]',
  isBoxedPrimitive: (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    ['[object Number]', '[object String]', '[object Boolean]', '[object BigInt]', '[object Symbol]'].includes(brand(value)),
  /** Node's Buffer, or the `buffer` package's polyfill a browser library brought (avsc's). */
  isBuffer: (value: unknown): boolean => {
    const runtimeBuffer = (globalThis as { Buffer?: { isBuffer(value: unknown): boolean } }).Buffer;
    if (runtimeBuffer?.isBuffer(value)) return true;
    return (value as { _isBuffer?: unknown } | null)?._isBuffer === true;
  },
};
