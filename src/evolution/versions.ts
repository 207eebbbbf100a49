/**
 * The versions of a schema, loaded with the same loaders as everything else (errors located
 * at file:line:column and named by version), and the message type they share.
 */
import * as avro from 'avsc';
import * as protobuf from 'protobufjs';
import type { EvolutionFormat, EvolutionProblem } from '../shared/evolution';
import { createAvroType } from '../schema/load-avsc';
import { findMessageType, loadProtoSchema, qualifiedName, type LoadedProto } from '../schema/load-proto';
import { isAvroProtocolPath, resolveAvsc } from '../schema/provided-schema';
import { SchemaInputError } from '../schema/schema-problem';

export interface SchemaVersionInput {
  path: string;
  text: string;
  /** Files the schema needs, path → text (a .proto's imports; .avsc files defining named types). */
  imports?: Record<string, string>;
  /** How reports name it (default `old`/`new`, or `v1`, `v2`… for more than two). */
  label?: string;
}

interface VersionBase {
  label: string;
  path: string;
  text: string;
  typeName: string;
}

export interface ProtoVersion extends VersionBase {
  format: 'proto';
  root: protobuf.Root;
  type: protobuf.Type;
  syntax: 'proto2' | 'proto3' | 'editions';
  /** The file's package ('' when none). */
  packageName: string;
}

export interface AvroVersion extends VersionBase {
  format: 'avro';
  schema: unknown;
  /** Reads and writes the JSON forms samples use (bytes as base64 text, logical types). */
  jsonType: avro.Type;
  /** The type as avsc reads it with no conversions: what resolvers are made of. */
  plainType: avro.Type;
}

export type LoadedVersion = ProtoVersion | AvroVersion;

export type VersionsLoad = { ok: true; format: EvolutionFormat; versions: LoadedVersion[] } | { ok: false; problems: EvolutionProblem[] };

export function formatOfPath(path: string): EvolutionFormat | undefined {
  if (/\.proto$/i.test(path)) return 'proto';
  if (/\.(avsc|avpr|avdl|json)$/i.test(path)) return 'avro';
  return undefined;
}

export function defaultLabels(count: number): string[] {
  return count === 2 ? ['old', 'new'] : Array.from({ length: count }, (_, index) => `v${index + 1}`);
}

/** Loads every version (all problems, not only the first) and picks the type they share. */
export function loadVersions(inputs: readonly SchemaVersionInput[], typeName?: string): VersionsLoad {
  const labels = defaultLabels(inputs.length);
  const labelled = inputs.map((input, index) => ({ ...input, label: input.label ?? labels[index]! }));
  if (labelled.length < 2)
    return invalid([{ path: labelled[0]?.path ?? '', line: 1, column: 1, message: 'give two versions of the schema (or more) to compare' }]);
  const formats = labelled.map((input) => formatOfPath(input.path));
  const unknown = labelled.filter((_, index) => formats[index] === undefined);
  if (unknown.length > 0) {
    return invalid(
      unknown.map((input) => ({ version: input.label, path: input.path, line: 1, column: 1, message: 'not a .proto or .avsc (.avpr, .avdl) file' })),
    );
  }
  const format = formats[0]!;
  const mixed = labelled.filter((_, index) => formats[index] !== format);
  if (mixed.length > 0) {
    return invalid(
      mixed.map((input) => ({
        version: input.label,
        path: input.path,
        line: 1,
        column: 1,
        message: `a ${input.path.split('.').at(-1)} file among ${format === 'proto' ? '.proto' : 'Avro'} versions: compare versions of one format`,
      })),
    );
  }
  return format === 'proto' ? loadProtoVersions(labelled, typeName) : loadAvroVersions(labelled, typeName);
}

type Labelled = SchemaVersionInput & { label: string };

function invalid(problems: EvolutionProblem[]): VersionsLoad {
  return { ok: false, problems };
}

function loadProtoVersions(inputs: readonly Labelled[], typeName: string | undefined): VersionsLoad {
  const problems: EvolutionProblem[] = [];
  const loaded: LoadedProto[] = [];
  for (const input of inputs) {
    const result = loadProtoSchema(input.text, { path: input.path, ...(input.imports ? { imports: input.imports } : {}) });
    if (result.ok) loaded.push(result);
    else problems.push({ version: input.label, path: result.path ?? input.path, ...result.error });
  }
  if (problems.length > 0) return invalid(problems);
  const packages = inputs.map((input) => packageOf(input.text));
  const chosen = typeName ?? commonProtoType(loaded, packages);
  if (chosen === undefined) {
    const declared = inputs.map((input, index) => `${input.label} declares ${loaded[index]!.messageTypes.join(', ')}`).join('; ');
    const last = inputs.at(-1)!;
    return invalid([
      {
        path: last.path,
        line: 1,
        column: 1,
        message: `the versions have no message type in common (${declared}): a renamed message cannot be compared by name`,
      },
    ]);
  }
  const versions: ProtoVersion[] = [];
  inputs.forEach((input, index) => {
    const inPackage = packages[index] && !chosen.startsWith(`${packages[index]}.`) && typeName === undefined ? `${packages[index]}.${chosen}` : chosen;
    const found = findMessageType(loaded[index]!, inPackage);
    if ('problem' in found) {
      problems.push({ version: input.label, path: input.path, ...declarationLine(input.text, /\bmessage\s+\w/), message: found.problem });
      return;
    }
    versions.push({
      format: 'proto',
      label: input.label,
      path: input.path,
      text: input.text,
      root: loaded[index]!.root,
      type: found,
      typeName: qualifiedName(found),
      syntax: syntaxOf(input.text),
      packageName: packages[index]!,
    });
  });
  return problems.length > 0 ? invalid(problems) : { ok: true, format: 'proto', versions };
}

/**
 * The newest version's root type when every version has it, else the oldest's, else any shared
 * one. Names compare without the package, so a change of package still pairs the messages.
 */
function commonProtoType(loaded: readonly LoadedProto[], packages: readonly string[]): string | undefined {
  const local = (name: string, index: number) => (packages[index] && name.startsWith(`${packages[index]}.`) ? name.slice(packages[index]!.length + 1) : name);
  const localNames = loaded.map((each, index) => each.messageTypes.map((name) => local(name, index)));
  const inAll = (name: string) => localNames.every((names) => names.includes(name));
  const newest = loaded.length - 1;
  const candidates = [local(loaded[newest]!.defaultType, newest), local(loaded[0]!.defaultType, 0), ...localNames[newest]!.slice().reverse()];
  return candidates.find(inAll);
}

function packageOf(text: string): string {
  return /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1] ?? '';
}

function syntaxOf(text: string): ProtoVersion['syntax'] {
  if (/^\s*edition\s*=/m.test(text)) return 'editions';
  return /^\s*syntax\s*=\s*["']proto3["']/m.test(text) ? 'proto3' : 'proto2';
}

function declarationLine(text: string, pattern: RegExp): { line: number; column: number } {
  const at = Math.max(0, text.search(pattern));
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

function loadAvroVersions(inputs: readonly Labelled[], typeName: string | undefined): VersionsLoad {
  const problems: EvolutionProblem[] = [];
  const versions: AvroVersion[] = [];
  for (const input of inputs) {
    const usesType = typeName !== undefined && isAvroProtocolPath(input.path);
    try {
      const { schema } = resolveAvsc({
        kind: 'avsc',
        source: input.text,
        path: input.path,
        ...(input.imports ? { imports: input.imports } : {}),
        ...(usesType ? { typeName } : {}),
      });
      const plainType = avro.Type.forSchema(schema as avro.Schema);
      versions.push({
        format: 'avro',
        label: input.label,
        path: input.path,
        text: input.text,
        schema,
        jsonType: createAvroType(schema).type,
        plainType,
        typeName: plainType.name ?? plainType.typeName,
      });
    } catch (error) {
      if (!(error instanceof SchemaInputError)) throw error;
      problems.push({ version: input.label, path: error.path, ...error.problem });
    }
  }
  return problems.length > 0 ? invalid(problems) : { ok: true, format: 'avro', versions };
}
