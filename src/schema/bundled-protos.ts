/**
 * The `google/protobuf/*.proto` files every schema may import without an include path: the
 * well-known types protobufjs registers (`protobuf.common`) and the ones it only ships as JSON
 * (descriptor.proto, which custom options extend; api, type, source_context). Bundled into
 * the worker, so the extension (which ships no node_modules) has them too.
 */
import * as protobuf from 'protobufjs';
import api from 'protobufjs/google/protobuf/api.json';
import descriptor from 'protobufjs/google/protobuf/descriptor.json';
import sourceContext from 'protobufjs/google/protobuf/source_context.json';
import typeProto from 'protobufjs/google/protobuf/type.json';

const SHIPPED_AS_JSON: Record<string, protobuf.INamespace> = {
  'google/protobuf/descriptor.proto': descriptor as protobuf.INamespace,
  'google/protobuf/api.proto': api as protobuf.INamespace,
  'google/protobuf/source_context.proto': sourceContext as protobuf.INamespace,
  'google/protobuf/type.proto': typeProto as protobuf.INamespace,
};

/** The definitions of a bundled `google/protobuf/…` file, or undefined for any other import. */
export function bundledProto(name: string): protobuf.INamespace | undefined {
  return Object.hasOwn(SHIPPED_AS_JSON, name) ? SHIPPED_AS_JSON[name] : (protobuf.common.get(name) ?? undefined);
}

/** What each bundled file imports in turn (its JSON does not always carry it). */
const BUNDLED_IMPORTS: Record<string, string[]> = {
  'google/protobuf/api.proto': ['google/protobuf/type.proto', 'google/protobuf/source_context.proto'],
  'google/protobuf/type.proto': ['google/protobuf/any.proto', 'google/protobuf/source_context.proto'],
};

/** The bundled files `names` need, their own imports included. */
export function withBundledImports(names: Iterable<string>): Set<string> {
  const all = new Set(names);
  for (const name of all) for (const other of BUNDLED_IMPORTS[name] ?? []) all.add(other);
  return all;
}
