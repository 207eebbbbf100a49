/**
 * The inferred-schema tools, shown for a JSON sample without a provided schema: open the
 * inferred .proto or .avsc as an untitled document (a request to the host), and the three
 * schema variants as selects, each change re-running the codecs it affects.
 */
import { VARIANT_CHOICES, type SchemaVariants, withDefaults } from '../../src/shared/variants';
import { button, el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import type { PanelModel } from './model';

export interface SchemaToolActions {
  openInferredSchema(format: 'proto' | 'avsc'): Promise<unknown>;
  setVariants(variants: SchemaVariants): void;
}

type VariantKey = keyof SchemaVariants;

const VARIANT_LABELS: Record<VariantKey, string> = { integers: 'Integers', doubles: 'Doubles', fields: 'Fields' };
const VARIANT_TITLES: Record<VariantKey, string> = {
  integers: 'Integer encoding of the inferred .proto (auto: varint, zigzag where negative); re-runs protobufjs',
  doubles: 'float halves the bytes of each double but rounds it (the round trip reports each change); re-runs avsc and protobufjs',
  fields: 'optional: every field nullable (Avro) or with explicit presence (proto3); re-runs avsc and protobufjs',
};

export class SchemaTools implements Disposable {
  readonly element: HTMLElement;
  private readonly openProto = button('Open inferred .proto', 'action secondary', { 'data-action': 'open-inferred-proto', title: 'Open the .proto inferred from the sample in a new editor' });
  private readonly openAvsc = button('Open inferred .avsc', 'action secondary', { 'data-action': 'open-inferred-avsc', title: 'Open the Avro schema inferred from the sample in a new editor' });
  private readonly selects = new Map<VariantKey, HTMLSelectElement>();
  private readonly outcome = el('span', { className: 'export-outcome error', attrs: { role: 'status' } });
  private readonly listeners = new DisposableStore();

  constructor(actions: SchemaToolActions) {
    const variantControls = (Object.keys(VARIANT_CHOICES) as VariantKey[]).map((key) => {
      const select = el('select', { className: 'variant-select', title: VARIANT_TITLES[key], attrs: { 'data-variant': key, 'aria-label': `${VARIANT_LABELS[key]} of inferred schemas` } },
        VARIANT_CHOICES[key].map((choice) => el('option', { text: choice, attrs: { value: choice } })));
      this.selects.set(key, select);
      this.listeners.add(listen(select, 'change', () => actions.setVariants(this.chosen())));
      return el('label', { className: 'variant' }, [el('span', { className: 'toolbar-label', text: VARIANT_LABELS[key] }), select]);
    });
    this.element = el('div', { className: 'toolbar-group schema-tools', attrs: { role: 'group', 'aria-label': 'Inferred schemas' } }, [
      this.openProto, this.openAvsc, ...variantControls, this.outcome,
    ]);
    const open = (format: 'proto' | 'avsc') => {
      this.outcome.textContent = '';
      actions.openInferredSchema(format).catch((error: unknown) => {
        this.outcome.textContent = `Cannot open the inferred .${format}: ${error instanceof Error ? error.message : String(error)}`;
      });
    };
    this.listeners.add(listen(this.openProto, 'click', () => open('proto')));
    this.listeners.add(listen(this.openAvsc, 'click', () => open('avsc')));
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
    this.openProto.disabled = model.phase === 'failed';
    this.openAvsc.disabled = model.phase === 'failed';
  }

  dispose(): void {
    this.listeners.dispose();
  }

  private chosen(): SchemaVariants {
    const value = (key: VariantKey) => this.selects.get(key)!.value;
    return { integers: value('integers'), doubles: value('doubles'), fields: value('fields') } as SchemaVariants;
  }
}
