/** The `.proto` text of inferred messages: one flat file, messages in declaration order. */

export interface ProtoField {
  /** `repeated`, `optional` or empty; a map type carries its own syntax in `type`. */
  label: '' | 'repeated' | 'optional';
  type: string;
  name: string;
  id: number;
  /** Why a choice was made, shown at the end of the line. */
  comment?: string;
}

export interface ProtoMessage {
  name: string;
  comment?: string;
  fields: ProtoField[];
  /** Comment lines for keys left out of the message. */
  omitted: string[];
}

/** Field numbers 19000–19999 are reserved for the protobuf implementation. */
export function nextFieldNumber(id: number): number {
  return id + 1 === 19000 ? 20000 : id + 1;
}

export function renderProto(messages: readonly ProtoMessage[]): string {
  const lines = [
    '// Inferred by Payload Lab from a JSON sample. Field names are the JSON keys as written:',
    '// parse with protobuf.parse(source, { keepCase: true }).',
    'syntax = "proto3";',
  ];
  for (const message of messages) {
    lines.push('');
    if (message.comment) lines.push(`// ${message.comment}`);
    lines.push(`message ${message.name} {`);
    for (const line of message.omitted) lines.push(`  // ${line}`);
    for (const field of message.fields) {
      const declaration = `${field.label ? `${field.label} ` : ''}${field.type} ${field.name} = ${field.id};`;
      lines.push(`  ${declaration}${field.comment ? ` // ${field.comment}` : ''}`);
    }
    lines.push('}');
  }
  return `${lines.join('\n')}\n`;
}
