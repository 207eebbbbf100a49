/**
 * A @bufbuild/protobuf registry for a protobufjs schema, at run time and without protoc:
 * protobufjs' `ext/descriptor` writes the schema as FileDescriptorSet bytes, which
 * @bufbuild/protobuf reads back as the descriptors its code works from. Two repairs are needed
 * for identical bytes: type names are made fully qualified (protobufjs writes them relative
 * to the message, which the registry rejects), and the `packed: false` option protobufjs puts
 * on every field is dropped (on a proto3 repeated scalar it would turn packing off).
 */
import { fromBinary, createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import * as descriptorExtension from 'protobufjs/ext/descriptor';
import { protobuf } from './protobufjs-runtime';
import { namesApart, protoCamelCase } from '../schema/protoc-names';

/** The parts of descriptor.proto's plain-object form read and repaired here. */
interface FieldObject {
  name: string;
  typeName?: string;
  options?: { packed?: boolean } & Record<string, unknown>;
}
interface MessageObject {
  name: string;
  field?: FieldObject[];
  nestedType?: MessageObject[];
  options?: { mapEntry?: boolean };
}
interface FileObject {
  name: string;
  package?: string;
  dependency?: string[];
  messageType?: MessageObject[];
}
interface DescriptorTypes {
  FileDescriptorSet: protobuf.Type;
}

const descriptorTypes = ((descriptorExtension as { default?: unknown }).default ?? descriptorExtension) as DescriptorTypes;

/** The registry holding every message of `type`'s root, named as protobufjs names them. */
export function bufbuildRegistryOf(type: protobuf.Type, syntax: 'proto2' | 'proto3'): FileRegistry {
  const root = type.root as protobuf.Root & { toDescriptor(syntax: string): protobuf.Message };
  // toDescriptor reads map fields' value types without resolving them first (google.protobuf.
  // Struct's map<string, Value> would fail as "illegal type: Value").
  root.resolveAll();
  const set = descriptorTypes.FileDescriptorSet.toObject(root.toDescriptor(syntax)) as { file: FileObject[] };
  const definedIn = new Map<string, string>();
  for (const file of set.file) collectNames(file.messageType ?? [], file.package ? `.${file.package}` : '', file.name, definedIn);
  for (const file of set.file) {
    const scope = file.package ? root.lookup(file.package) : root;
    const used = new Set<string>();
    repairMessages(file.messageType ?? [], (scope ?? root) as protobuf.Namespace, file.package ? `.${file.package}` : '', used);
    // protobufjs lists no imports: each file depends on the files defining the types it uses.
    const dependencies = [...used].map((name) => definedIn.get(name)).filter((name): name is string => name !== undefined && name !== file.name);
    file.dependency = [...new Set(dependencies)];
  }
  // The registry reads files in order: each one's imports must come before it.
  set.file = dependenciesFirst(set.file);
  const bytes = descriptorTypes.FileDescriptorSet.encode(descriptorTypes.FileDescriptorSet.fromObject(set)).finish();
  return createFileRegistry(fromBinary(FileDescriptorSetSchema, bytes));
}

export { protoSyntaxOf } from '../schema/proto-syntax';

function dependenciesFirst(files: FileObject[]): FileObject[] {
  const byName = new Map(files.map((file) => [file.name, file]));
  const ordered: FileObject[] = [];
  const placed = new Set<string>();
  const place = (file: FileObject, visiting: Set<string>) => {
    if (placed.has(file.name) || visiting.has(file.name)) return;
    visiting.add(file.name);
    for (const name of file.dependency ?? []) {
      const dependency = byName.get(name);
      if (dependency) place(dependency, visiting);
    }
    placed.add(file.name);
    ordered.push(file);
  };
  for (const file of files) place(file, new Set());
  return ordered;
}

function collectNames(messages: MessageObject[], scope: string, file: string, into: Map<string, string>): void {
  for (const message of messages) {
    const full = `${scope}.${message.name}`;
    into.set(full, file);
    collectNames(message.nestedType ?? [], full, file, into);
  }
}

function repairMessages(messages: MessageObject[], namespace: protobuf.Namespace, scope: string, used: Set<string>): void {
  for (const message of messages) {
    const full = `${scope}.${message.name}`;
    // A map's entry message exists only in the descriptor: names inside it resolve from its parent.
    const own = namespace.get(message.name);
    const lookupFrom = own instanceof protobuf.Namespace ? own : namespace;
    const entries = new Set((message.nestedType ?? []).filter((nested) => nested.options?.mapEntry).map((nested) => nested.name));
    for (const field of message.field ?? []) {
      if (field.options?.packed === false) {
        delete field.options.packed;
        if (Object.keys(field.options).length === 0) delete field.options;
      }
      if (!field.typeName || field.typeName.startsWith('.')) continue;
      if (entries.has(field.typeName)) {
        field.typeName = `${full}.${field.typeName}`;
        continue;
      }
      const target = lookupFrom.lookup(field.typeName);
      if (!target) throw new Error(`type ${field.typeName} of field ${full}.${field.name} is not in the schema`);
      field.typeName = target.fullName;
      used.add(target.fullName);
    }
    // Two fields one property (`struct` and `struct_` are both `struct` to @bufbuild): the later one is renamed.
    const fields = message.field ?? [];
    namesApart(
      fields.map((field) => field.name),
      protoCamelCase,
    ).forEach((name, index) => (fields[index]!.name = name));
    repairMessages(message.nestedType ?? [], lookupFrom, full, used);
  }
}
