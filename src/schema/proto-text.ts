/** The `.proto` text of inferred or derived messages: one flat file, in declaration order. */
import { commentText } from './schema-words';

export interface ProtoField {
  /** `repeated`, `optional` or empty; a map type carries its own syntax in `type`. */
  label: '' | 'repeated' | 'optional';
  type: string;
  name: string;
  id: number;
  /** Why a choice was made, shown at the end of the line. */
  comment?: string;
  /** The oneof this field belongs to: its members are declared together, without labels. */
  oneof?: string;
}

export interface ProtoMessage {
  name: string;
  comment?: string;
  fields: ProtoField[];
  /** Comment lines for keys left out of the message. */
  omitted: string[];
}

export interface ProtoEnum {
  name: string;
  comment?: string;
  values: Array<{ name: string; id: number }>;
}

export interface RenderOptions {
  /** Comment lines above `syntax`; by default, those of a schema inferred from a sample. */
  header?: readonly string[];
  enums?: readonly ProtoEnum[];
}

const INFERRED_HEADER = [
  'Inferred by Payload Lab from a JSON sample. Field names are the JSON keys as written:',
  'parse with protobuf.parse(source, { keepCase: true }).',
];

/** Field numbers 19000–19999 are reserved for the protobuf implementation. */
export function nextFieldNumber(id: number): number {
  return id + 1 === 19000 ? 20000 : id + 1;
}

function fieldLine(field: ProtoField): string {
  const declaration = `${field.label ? `${field.label} ` : ''}${field.type} ${field.name} = ${field.id};`;
  return `${declaration}${field.comment ? ` // ${commentText(field.comment)}` : ''}`;
}

export function renderProto(messages: readonly ProtoMessage[], options: RenderOptions = {}): string {
  const lines = [...(options.header ?? INFERRED_HEADER).map((line) => `// ${commentText(line)}`), 'syntax = "proto3";'];
  for (const message of messages) {
    lines.push('');
    if (message.comment) lines.push(`// ${commentText(message.comment)}`);
    lines.push(`message ${message.name} {`);
    for (const line of message.omitted) lines.push(`  // ${commentText(line)}`);
    const declared = new Set<string>();
    for (const field of message.fields) {
      if (field.oneof === undefined) {
        lines.push(`  ${fieldLine(field)}`);
      } else if (!declared.has(field.oneof)) {
        declared.add(field.oneof);
        lines.push(`  oneof ${field.oneof} {`);
        for (const member of message.fields.filter((other) => other.oneof === field.oneof)) {
          lines.push(`    ${fieldLine({ ...member, label: '' })}`);
        }
        lines.push('  }');
      }
    }
    lines.push('}');
  }
  for (const protoEnum of options.enums ?? []) {
    lines.push('');
    if (protoEnum.comment) lines.push(`// ${commentText(protoEnum.comment)}`);
    lines.push(`enum ${protoEnum.name} {`);
    for (const value of protoEnum.values) lines.push(`  ${value.name} = ${value.id};`);
    lines.push('}');
  }
  return `${lines.join('\n')}\n`;
}
