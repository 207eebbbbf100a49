/** What the decode of a format read on access means, in the row's notes. */
export const LAZY_DECODE_NOTE =
  'decode reads every field into a plain object (the speed-up uses it, so it compares like with like); access (open the bytes, read every leaf, build nothing) and firstField (open, read one path) are timed beside it in the first round';
