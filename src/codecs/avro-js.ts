/**
 * Avro with avro-js, the Apache Avro project's own JavaScript library, from the same schema
 * avsc uses (avro-schema-choice.ts): the same data gives the same bytes. avro-js knows no
 * logical types beyond what the schema's base types say, so it reads them as their base types.
 */
import { parse } from 'avro-js';
import { recordsAsInputs, UnsupportedSampleError, type CodecModule } from './codec';
import { asBuffer } from './bytes';
import { chooseAvroSchema, fitAvroSample, refuseBigLongs } from './avro-schema-choice';

export const prepare: CodecModule['prepare'] = (sample, context) => {
  const chosen = chooseAvroSchema(sample, context);
  // As avsc does: a list against a one-list record or another type; keys no record has.
  const fitted = fitAvroSample(chosen, sample, context);
  refuseBigLongs(fitted, 'avro-js');
  const notes = [...chosen.notes, ...fitted.notes];
  const { input, unwrap } = fitted;
  const type = parse(fitted.schema);
  const invalid: Array<{ at: string; value: unknown; type: unknown }> = [];
  const valid = (value: unknown, at: string) =>
    type.isValid(value, {
      errorHook: (path, found, expected) =>
        invalid.push({ at: `${at}${path.map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`)).join('')}`, value: found, type: expected }),
    });
  // Message mode: every record is a message of the schema, checked alone.
  const records = context.messages && Array.isArray(input) ? input : undefined;
  if (records ? !records.every((record, index) => valid(record, `$[${index}]`)) : !valid(input, '$')) {
    // avsc's row converts logical types and base64 bytes (load-avsc.ts) and reads unions
    // unwrapped; avro-js takes each type as it is, so such a sample does not fit it.
    const first = invalid[0];
    // Paths are the sample's: a one-list record's field is left out of them.
    const at = first === undefined ? '$' : unwrap ? first.at.replace(/^\$\.[^.[]+/, '$') : first.at;
    throw new UnsupportedSampleError(
      `the sample does not fit the ${chosen.origin} Avro schema as avro-js reads it, at ${at}: ${first ? avroJsReason(first.value, first.type) : 'avro-js rejects it'}`,
    );
  }
  return {
    input,
    encode: (value) => type.toBuffer(value),
    decode: unwrap ? (bytes) => unwrap(type.fromBuffer(asBuffer(bytes))) : (bytes) => type.fromBuffer(asBuffer(bytes)),
    schema: chosen.origin,
    schemaText: chosen.text,
    notes,
    ...(chosen.inferred ? { inferred: chosen.inferred } : {}),
    ...(chosen.semantics ? { semantics: chosen.semantics } : {}),
    ...recordsAsInputs(input, context),
  };
};

/** Each record of a stream encoded as its own message (PrepareContext.messages). */
export const messageMode = true;

/** Why avro-js refuses a value avsc's row takes: the case at hand, from the type it expected. */
function avroJsReason(value: unknown, type: unknown): string {
  const schema = String(type);
  if (schema.startsWith('[')) {
    return 'avro-js takes a union\'s value wrapped in an object naming its branch (`{"double": 1.5}`), where the JSON sample holds the bare value (avsc\'s unwrapped unions)';
  }
  if (/"logicalType"/.test(schema))
    return `avro-js has no logical types: it reads ${schema} as its base type, where the JSON sample holds the logical value's text`;
  if (/^"bytes"$|"type":"fixed"|"type":"bytes"/.test(schema) && typeof value === 'string')
    return 'avro-js takes bytes and fixed values as Buffers, where the JSON sample holds base64 text';
  return `avro-js rejects ${JSON.stringify(value)?.slice(0, 40) ?? String(value)} for ${schema.slice(0, 80)}`;
}
