/** A .wasm file bundled with esbuild's binary loader: its bytes. */
declare module '*.wasm' {
  const bytes: Uint8Array;
  export default bytes;
}
