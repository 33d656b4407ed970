import { useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import type { ImportType } from '../../graphql/generated/graphql';
import { importTexts } from '../texts';
import { HintedField } from '../../ui/HintedField';
import { NEW_SOURCE_SYSTEM_ID, NewSourceSystem } from './NewSourceSystem';
import { SOURCE_SYSTEMS, type SourceSystemOption } from './sourceSystemsQuery';

const texts = importTexts.upload;

interface SourceSystemPickerProps {
  importType: ImportType;
  sourceSystemId: string;
  onSourceSystem: (id: string, system: SourceSystemOption | null) => void;
  /** The variant the operator picked ('' none), or null: not picked, so the recognised one counts. */
  chosenVariant: string | null;
  recognisedVariant: string | null;
  onVariant: (key: string) => void;
}

/**
 * The source-system dropdown with a way to add one ("New source system…": an inline form; the
 * new one is chosen) and, for the chosen source, the template-variant picker (F10) in its three
 * states: no saved layout (no picker: the columns stage asks), exactly one (chosen and shown),
 * several (the operator picks; the one recognised from the file's header preselected).
 */
export function SourceSystemPicker(props: SourceSystemPickerProps) {
  const { data } = useQuery(SOURCE_SYSTEMS, { variables: { importType: props.importType }, fetchPolicy: 'network-only' });
  const systems = data?.importSourceSystems ?? [];
  const source = systems.find((s) => s.id === props.sourceSystemId) ?? null;
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <HintedField id="source-system" label={texts.sourceSystem} hint={texts.sourceSystemHint}>
        {(control) => (
          <div className="source-system-choice">
            <select
              {...control}
              ref={select}
              value={props.sourceSystemId}
              onChange={(e) => {
                setAdded(null);
                props.onSourceSystem(e.target.value, systems.find((s) => s.id === e.target.value) ?? null);
              }}
            >
              <option value="">{texts.chooseSourceSystem}</option>
              {systems.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              ref={opener}
              className="button button-secondary"
              aria-expanded={adding}
              aria-controls={adding ? NEW_SOURCE_SYSTEM_ID : undefined}
              onClick={() => setAdding(!adding)}
            >
              {texts.newSource.open}
            </button>
          </div>
        )}
      </HintedField>
      {adding && (
        <NewSourceSystem
          importType={props.importType}
          onCreated={(system) => {
            setAdding(false);
            setAdded(system.name);
            props.onSourceSystem(system.id, system);
            select.current?.focus();
          }}
          onCancel={() => {
            setAdding(false);
            opener.current?.focus();
          }}
        />
      )}
      <p className="hint source-system-added" role="status" data-testid="source-system-added">
        {added ? texts.newSource.added(added) : ''}
      </p>
      {source && <TemplateVariantPicker variants={source.templateVariants} {...props} />}
    </>
  );
}

/** The key the upload sends for the picker's state ('' when none). */
export function variantToSend(variants: SourceSystemOption['templateVariants'], chosen: string | null, recognised: string | null): string {
  if (variants.length === 0) return '';
  if (variants.length === 1) return variants[0]!.key;
  if (chosen !== null) return chosen;
  return recognised && variants.some((v) => v.key === recognised) ? recognised : '';
}

function TemplateVariantPicker({
  variants,
  chosenVariant,
  recognisedVariant,
  onVariant,
}: SourceSystemPickerProps & { variants: SourceSystemOption['templateVariants'] }) {
  if (variants.length === 0) {
    return (
      <p className="hint" data-testid="variant-picker" data-variant-state="none">
        {texts.variant.none}
      </p>
    );
  }
  if (variants.length === 1) {
    return (
      <p data-testid="variant-picker" data-variant-state="one" data-variant={variants[0]!.key}>
        {texts.variant.one(variants[0]!.name)}
      </p>
    );
  }
  const value = variantToSend(variants, chosenVariant, recognisedVariant);
  const recognised = chosenVariant === null && value !== '' && value === recognisedVariant;
  return (
    <div className="field" data-testid="variant-picker" data-variant-state="several">
      <label htmlFor="template-variant">{texts.variant.several}</label>
      <select
        id="template-variant"
        value={value}
        aria-describedby={recognised ? 'variant-recognised' : undefined}
        onChange={(e) => onVariant(e.target.value)}
      >
        <option value="">{texts.variant.noneChosen}</option>
        {variants.map((v) => (
          <option key={v.key} value={v.key}>
            {v.name}
          </option>
        ))}
      </select>
      {recognised && (
        <p className="hint" id="variant-recognised" data-testid="variant-recognised">
          {texts.variant.recognised}
        </p>
      )}
    </div>
  );
}
