import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import type { ImportUploadSourceSystemsQuery, ImportType } from '../../graphql/generated/graphql';
import { importTexts } from '../texts';
import { HintedField } from '../../ui/HintedField';

const texts = importTexts.upload;

const SOURCE_SYSTEMS = graphql(`
  query ImportUploadSourceSystems($importType: ImportType!) {
    importSourceSystems {
      id
      name
      isSelf
      templateVariants(importType: $importType) {
        id
        key
        name
      }
    }
  }
`);

export type SourceSystemOption = ImportUploadSourceSystemsQuery['importSourceSystems'][number];

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
 * The source-system dropdown and, for the chosen source, the template-variant picker (F10) in its
 * three states: no saved layout (no picker: the columns stage asks), exactly one (chosen and
 * shown), several (the operator picks; the one recognised from the file's header preselected).
 */
export function SourceSystemPicker(props: SourceSystemPickerProps) {
  const { data } = useQuery(SOURCE_SYSTEMS, { variables: { importType: props.importType }, fetchPolicy: 'network-only' });
  const systems = data?.importSourceSystems ?? [];
  const source = systems.find((s) => s.id === props.sourceSystemId) ?? null;
  return (
    <>
      <HintedField id="source-system" label={texts.sourceSystem} hint={texts.sourceSystemHint}>
        {(control) => (
          <select
            {...control}
            value={props.sourceSystemId}
            onChange={(e) => props.onSourceSystem(e.target.value, systems.find((s) => s.id === e.target.value) ?? null)}
          >
            <option value="">{texts.chooseSourceSystem}</option>
            {systems.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </HintedField>
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
