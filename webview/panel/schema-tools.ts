/**
 * The inferred-schema tools, shown for a JSON sample without a provided schema: open the
 * inferred .proto or .avsc, or the .fbs, .capnp or .bop its rows translate from it, as an
 * untitled document (a request to the host), and the three schema variants as selects, each
 * change re-running the codecs it affects.
 */
import { VARIANT_CHOICES, type SchemaVariants, withDefaults } from '../../src/shared/variants';
import { button, el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import type { PanelModel } from './model';
import type { InferredSchemaFormat } from '../../src/shared/codec-job';

export interface SchemaToolActions {
  openInferredSchema(format: InferredSchemaFormat): Promise<unknown>;
  setVariants(variants: SchemaVariants): void;
}

type VariantKey = keyof SchemaVariants;

const VARIANT_LABELS: Record<VariantKey, string> = { integers: 'Integers', doubles: 'Doubles', fields: 'Fields' };
const VARIANT_TITLES: Record<VariantKey, string> = {
  integers: 'Integer encoding of the inferred .proto (auto: varint, zigzag where negative); re-runs protobufjs',
  doubles: 'float halves the bytes of each double but rounds it (the round trip reports each change); re-runs avsc and protobufjs',
  fields: 'optional: every field nullable (Avro) or with explicit presence (proto3); re-runs avsc and protobufjs',
};

/** Each format's button title: what the new editor will hold. */
const OPEN_TITLES: Record<InferredSchemaFormat, string> = {
  proto: 'Open the .proto inferred from the sample in a new editor',
  avsc: 'Open the Avro schema inferred from the sample in a new editor',
  fbs: 'Open the FlatBuffers schema the flatbuffers row translates from the inferred Avro schema, in a new editor',
  capnp: "Open the Cap'n Proto schema the capnp row translates from the inferred Avro schema, in a new editor",
  bop: 'Open the Bebop schema the bebop row translates from the inferred Avro schema, in a new editor',
};

export class SchemaTools implements Disposable {
  readonly element: HTMLElement;
  /** One button a format, after the group's label "Open inferred": `.proto`, `.avsc`, `.fbs`… */
  private readonly openButtons = (Object.keys(OPEN_TITLES) as InferredSchemaFormat[]).map((format) => ({
    format,
    button: button(`.${format}`, 'action secondary', {
      'data-action': `open-inferred-${format}`,
      title: OPEN_TITLES[format],
      'aria-label': `Open inferred .${format}`,
    }),
  }));
  private readonly selects = new Map<VariantKey, HTMLSelectElement>();
  private readonly outcome = el('span', { className: 'export-outcome error', attrs: { role: 'status' } });
  private readonly listeners = new DisposableStore();

  constructor(actions: SchemaToolActions) {
    const variantControls = (Object.keys(VARIANT_CHOICES) as VariantKey[]).map((key) => {
      const select = el(
        'select',
        { className: 'variant-select', title: VARIANT_TITLES[key], attrs: { 'data-variant': key, 'aria-label': `${VARIANT_LABELS[key]} of inferred schemas` } },
        VARIANT_CHOICES[key].map((choice) => el('option', { text: choice, attrs: { value: choice } })),
      );
      this.selects.set(key, select);
      this.listeners.add(listen(select, 'change', () => actions.setVariants(this.chosen())));
      return el('label', { className: 'variant' }, [el('span', { className: 'toolbar-label', text: VARIANT_LABELS[key] }), select]);
    });
    const opening = el('span', { className: 'open-inferred', attrs: { role: 'group', 'aria-label': 'Open inferred schema' } }, [
      el('span', { className: 'toolbar-label', text: 'Open inferred' }),
      ...this.openButtons.map(({ button }) => button),
    ]);
    this.element = el('div', { className: 'toolbar-group schema-tools', attrs: { role: 'group', 'aria-label': 'Inferred schemas' } }, [
      opening,
      ...variantControls,
      this.outcome,
    ]);
    const open = (format: InferredSchemaFormat) => {
      this.outcome.textContent = '';
      actions.openInferredSchema(format).catch((error: unknown) => {
        this.outcome.textContent = `Cannot open the inferred .${format}: ${error instanceof Error ? error.message : String(error)}`;
      });
    };
    for (const { format, button } of this.openButtons) this.listeners.add(listen(button, 'click', () => open(format)));
  }

  render(model: PanelModel): void {
    this.element.hidden = !model.run?.inferredSchemas;
    // Nothing to act on while a run is under way, nor after one that failed (a JSON syntax
    // error: no sample to infer from, nothing to re-run).
    const unavailable = model.phase === 'running' || model.phase === 'failed';
    const chosen = withDefaults(model.run?.variants);
    for (const [key, select] of this.selects) {
      select.value = chosen[key];
      select.disabled = unavailable;
    }
    for (const { button } of this.openButtons) button.disabled = model.phase === 'failed';
  }

  dispose(): void {
    this.listeners.dispose();
  }

  private chosen(): SchemaVariants {
    const value = (key: VariantKey) => this.selects.get(key)!.value;
    return { integers: value('integers'), doubles: value('doubles'), fields: value('fields') } as SchemaVariants;
  }
}
