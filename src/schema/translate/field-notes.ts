/**
 * What the three translations share around their declarations: each names the choice a field
 * made (a `field-choice` note grouped by kind with the paths it applies at, worded in
 * src/shared/translation-text.ts, and a comment at the field in the schema text from its own
 * table), and writes a field's type from its own spelling of scalars, lists and maps.
 */
import { InferenceNotes } from '../inference-notes';
import type { FieldChoiceKind, TranslatedLanguage } from '../../shared/translation-facts';
import { isFixedSize, type ModelType, type ScalarKind, type SchemaModel } from './model';
import { visitFields } from './model-walk';

/** A choice a language makes at fields (noted as a `field-choice`), and the comment written at the field. */
export interface Choice {
  comment?: string;
}

/** One language's phrases; a choice it does not make is absent. */
export type FieldChoices = { [K in 'nullableScalar' | 'nullableOther' | 'alwaysNull' | 'int64' | 'union' | 'listOfNulls']: Choice } & {
  [K in 'int8' | 'map' | 'enum']?: Choice;
};

export interface FieldNotes {
  notes: InferenceNotes;
  /** `Record.index` → the comment at that field. */
  comments: Map<string, string>;
}

/** The model's own notes, then each field's choices, once per record. */
export function noteFields(model: SchemaModel, language: TranslatedLanguage, choices: FieldChoices): FieldNotes {
  const notes = new InferenceNotes();
  for (const note of model.notes) notes.add(note);
  const comments = new Map<string, string>();
  visitFields(model, (record, field, index, path) => {
    const comment = noteField(field.type, path, notes, language, choices);
    if (comment) comments.set(`${record.name}.${index}`, comment);
  });
  return { notes, comments };
}

function noteField(type: ModelType, path: string, notes: InferenceNotes, language: TranslatedLanguage, choices: FieldChoices): string | undefined {
  const inner = type.kind === 'nullable' ? type.inner : type;
  const made: FieldChoiceKind[] = [];
  // A language that treats every nullable field alike (one choice for both) notes them as one.
  if (type.kind === 'nullable')
    made.push(choices.nullableScalar === choices.nullableOther ? 'nullable' : isFixedSize(inner) ? 'nullableScalar' : 'nullableOther');
  if (type.kind === 'null') made.push('alwaysNull');
  if (inner.kind === 'scalar' && (inner.scalar === 'int64' || inner.scalar === 'uint64')) made.push('int64');
  if (inner.kind === 'scalar' && inner.scalar === 'int8') made.push('int8');
  if (inner.kind === 'map') made.push('map');
  if (inner.kind === 'union') made.push('union');
  if (inner.kind === 'enum') made.push('enum');
  if (inner.kind === 'list' && inner.element.kind === 'null') made.push('listOfNulls');
  const comments: string[] = [];
  for (const kind of made) {
    const choice = kind === 'nullable' ? choices.nullableScalar : choices[kind];
    if (!choice) continue;
    notes.at({ code: 'field-choice', language, choice: kind }, path);
    if (choice.comment) comments.push(choice.comment);
  }
  return comments.length > 0 ? comments.join('; ') : undefined;
}

/** How a language spells types (named types are spelled by their name). */
export interface TypeSpelling {
  scalars: Record<ScalarKind, string>;
  list(element: string, type: ModelType & { kind: 'list' }): string;
  map(type: ModelType & { kind: 'map' }, spell: (type: ModelType) => string): string;
  null: string;
}

/** A field's type in a language; `used` collects the scalar mappings, for the types note. */
export function spellType(type: ModelType, spelling: TypeSpelling, used: Set<string>): string {
  const spell = (inner: ModelType) => spellType(inner, spelling, used);
  switch (type.kind) {
    case 'scalar':
      used.add(`${type.scalar} → ${spelling.scalars[type.scalar]}`);
      return spelling.scalars[type.scalar];
    case 'json-text':
      return spelling.scalars.string;
    case 'enum':
    case 'record':
    case 'union':
      return type.name;
    case 'list':
      return spelling.list(type.element.kind === 'null' ? spelling.null : spell(type.element), type);
    case 'map':
      return spelling.map(type, spell);
    case 'nullable':
      return spell(type.inner);
    case 'null':
      return spelling.null;
  }
}
