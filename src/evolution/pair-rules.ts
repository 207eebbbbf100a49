/**
 * The tools' verdicts on a pair of versions, as located findings: the Schema Registry's rules
 * in both directions (Avro's resolution rules, or Confluent's protobuf diff) and, for
 * protobuf, `buf breaking`'s rules from the older to the newer.
 */
import type { RuleFinding, SchemaPosition } from '../shared/evolution';
import { avroReadFindings, type AvroRuleFinding } from './avro-rules';
import { bufFindings } from './buf-rules';
import { fileTypes } from './proto-model';
import { describeField } from './proto-reasons';
import { registryDifferences, type RegistryDifference } from './proto-registry-rules';
import { avroLocator, protoPosition } from './schema-positions';
import type { AvroVersion, LoadedVersion, ProtoVersion } from './versions';

export interface PairRules {
  /** What stops the newer from reading the older's data (Schema Registry BACKWARD). */
  backward: RuleFinding[];
  /** What stops the older from reading the newer's data (FORWARD). */
  forward: RuleFinding[];
  /** buf breaking, older → newer (protobuf only). */
  buf?: RuleFinding[];
}

export function pairRules(older: LoadedVersion, newer: LoadedVersion): PairRules {
  if (older.format === 'avro' && newer.format === 'avro') {
    return { backward: avroRules(newer, older, 'newer'), forward: avroRules(older, newer, 'older') };
  }
  if (older.format === 'proto' && newer.format === 'proto') {
    return {
      backward: registryRules(older, newer, 'older'),
      forward: registryRules(newer, older, 'newer'),
      buf: bufFindings(older, newer).map((finding) => ({
        rule: finding.rule,
        message: `${finding.scope ? `${finding.scope}: ` : ''}${finding.message}`,
        categories: finding.categories,
        ...located(
          protoPosition(older.text, {
            scope: finding.scope,
            ...(finding.previous ? { name: finding.previous } : {}),
            ...(finding.number !== undefined ? { number: finding.number } : {}),
          }),
          protoPosition(newer.text, {
            scope: finding.scope,
            ...((finding.current ?? finding.previous) ? { name: (finding.current ?? finding.previous)! } : {}),
            ...(finding.number !== undefined ? { number: finding.number } : {}),
          }),
        ),
      })),
    };
  }
  throw new Error('versions of different formats');
}

function located(older: SchemaPosition | undefined, newer: SchemaPosition | undefined): Pick<RuleFinding, 'older' | 'newer'> {
  return { ...(older ? { older } : {}), ...(newer ? { newer } : {}) };
}

function avroRules(reader: AvroVersion, writer: AvroVersion, readerIs: 'older' | 'newer'): RuleFinding[] {
  const readerAt = avroLocator(reader.text);
  const writerAt = avroLocator(writer.text);
  return avroReadFindings(reader.plainType, writer.plainType, `${reader.label} (${reader.path.split(/[\\/]/).at(-1)})`).map((finding: AvroRuleFinding) => {
    const inReader = finding.readerAt && readerAt(finding.readerAt);
    const inWriter = finding.writerAt && writerAt(finding.writerAt);
    return {
      rule: finding.rule,
      message: finding.message,
      ...(finding.fix ? { fix: finding.fix } : {}),
      ...(readerIs === 'newer' ? located(inWriter, inReader) : located(inReader, inWriter)),
    };
  });
}

const REGISTRY_PHRASES: Record<string, string> = {
  PACKAGE_CHANGED: 'the package changed',
  MESSAGE_REMOVED: 'a message was removed',
  FIELD_KIND_CHANGED: 'the field changed kind (scalar or enum, message, map)',
  FIELD_SCALAR_KIND_CHANGED: 'the field changed to a scalar of another encoding group',
  FIELD_NAMED_TYPE_CHANGED: "the field's message type changed",
  FIELD_NUMERIC_LABEL_CHANGED: 'the numeric field changed label (optional, required, repeated)',
  REQUIRED_FIELD_ADDED: 'a required field was added',
  REQUIRED_FIELD_REMOVED: 'a required field was removed',
  ONEOF_FIELD_REMOVED: 'a field was removed from a oneof',
  MULTIPLE_FIELDS_MOVED_TO_ONEOF: 'several existing fields were moved into one oneof',
  FIELD_MOVED_TO_EXISTING_ONEOF: 'a field was moved into a oneof that already had fields',
};

/** Confluent's incompatible differences with `original` → `update`; `originalIs` says which is the older. */
function registryRules(original: ProtoVersion, update: ProtoVersion, originalIs: 'older' | 'newer'): RuleFinding[] {
  const [originalTypes, updateTypes] = [fileTypes(original), fileTypes(update)];
  return registryDifferences(original, update)
    .filter((difference) => !difference.compatible)
    .map((difference: RegistryDifference) => {
      const id = difference.field?.id;
      const before = id === undefined ? undefined : originalTypes.messages.get(difference.scope)?.fieldsById[id];
      const after = id === undefined ? undefined : updateTypes.messages.get(difference.scope)?.fieldsById[id];
      const sameType = before && after && describeField(before) === describeField(after);
      const detail =
        !before || !after ? '' : sameType ? ` (${describeField(after)} changed incompatibly inside)` : ` (${describeField(before)} → ${describeField(after)})`;
      const at = (version: ProtoVersion, name: string | undefined) =>
        protoPosition(version.text, { scope: difference.scope, ...(name ? { name } : {}), ...(id !== undefined ? { number: id } : {}) });
      const inOriginal = at(original, difference.field?.original ?? difference.field?.update);
      const inUpdate = at(update, difference.field?.update ?? difference.field?.original);
      return {
        rule: difference.type,
        message: `${difference.path || 'file'}: ${REGISTRY_PHRASES[difference.type] ?? difference.type}${detail}`,
        ...(originalIs === 'older' ? located(inOriginal, inUpdate) : located(inUpdate, inOriginal)),
      };
    });
}
