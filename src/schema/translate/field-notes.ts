/**
 * What the three translations share around their declarations: each names the choice a field
 * made (a note grouped by kind with the paths it applies at, a comment at the field in the
 * schema text) from its own table of phrases, and writes a field's type from its own spelling
 * of scalars, lists and maps.
 */
import { InferenceNotes } from '../inference-notes';
import { isFixedSize, type ModelType, type ScalarKind, type SchemaModel } from './model';
import { visitFields } from './model-walk';

/** A note (grouped: it ends where the paths start) and the comment written at the field. */
export interface Choice {
  note: string;
  comment?: string;
}

/** One language's phrases; a choice it does not make is absent. */
export interface FieldChoices {
  nullableScalar: Choice;
  nullableOther: Choice;
  alwaysNull: Choice;
  int64: Choice;
  union: Choice;
  listOfNulls: Choice;
  int8?: Choice;
  map?: Choice;
  enum?: Choice;
}

export interface FieldNotes {
  notes: InferenceNotes;
  /** `Record.index` → the comment at that field. */
  comments: Map<string, string>;
}

/** The model's own notes, then each field's choices, once per record. */
export function noteFields(model: SchemaModel, choices: FieldChoices): FieldNotes {
  const notes = new InferenceNotes();
  for (const note of model.notes) notes.add(note);
  const comments = new Map<string, string>();
  visitFields(model, (record, field, index, path) => {
    const comment = noteField(field.type, path, notes, choices);
    if (comment) comments.set(`${record.name}.${index}`, comment);
  });
  return { notes, comments };
}

function noteField(type: ModelType, path: string, notes: InferenceNotes, choices: FieldChoices): string | undefined {
  const inner = type.kind === 'nullable' ? type.inner : type;
  const made: Array<Choice | undefined> = [];
  if (type.kind === 'nullable') made.push(isFixedSize(inner) ? choices.nullableScalar : choices.nullableOther);
  if (type.kind === 'null') made.push(choices.alwaysNull);
  if (inner.kind === 'scalar' && (inner.scalar === 'int64' || inner.scalar === 'uint64')) made.push(choices.int64);
  if (inner.kind === 'scalar' && inner.scalar === 'int8') made.push(choices.int8);
  if (inner.kind === 'map') made.push(choices.map);
  if (inner.kind === 'union') made.push(choices.union);
  if (inner.kind === 'enum') made.push(choices.enum);
  if (inner.kind === 'list' && inner.element.kind === 'null') made.push(choices.listOfNulls);
  const comments: string[] = [];
  for (const choice of made) {
    if (!choice) continue;
    notes.at(choice.note, path);
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
