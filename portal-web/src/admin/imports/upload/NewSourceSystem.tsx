import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { graphql } from '../../graphql/generated';
import type { ImportType } from '../../graphql/generated/graphql';
import { HintedField } from '../../ui/HintedField';
import { Notice } from '../../ui/Notice';
import type { SourceSystemProblem } from '../lib/sourceSystemProblem';
import { importTexts } from '../texts';
import type { SourceSystemOption } from './sourceSystemsQuery';
import { useCreateSourceSystem } from './useCreateSourceSystem';

const texts = importTexts.upload.newSource;

const OPERATED_ORGANISATIONS = graphql(`
  query ImportOperatedOrganisations {
    viewer {
      memberships {
        roles
        organisation {
          id
          name
        }
      }
    }
  }
`);

export const NEW_SOURCE_SYSTEM_ID = 'new-source-system';

interface NewSourceSystemProps {
  importType: ImportType;
  onCreated: (system: SourceSystemOption) => void;
  onCancel: () => void;
}

/**
 * The inline form that adds a source system: its name and, for an operator of several
 * organisations, the one it is for (one organisation: the server takes it). It sits inside the
 * upload form, where a second <form> may not, so it is a fieldset whose Enter adds instead of
 * uploading and whose Escape cancels. A refusal is shown at its field (aria-invalid, described by
 * the message); the name takes the focus on opening and after a refusal of it.
 */
export function NewSourceSystem({ importType, onCreated, onCancel }: NewSourceSystemProps) {
  const { data } = useQuery(OPERATED_ORGANISATIONS);
  const organisations = (data?.viewer?.memberships ?? []).filter((m) => m.roles.includes('ROLE_ORG_ADMIN')).map((m) => m.organisation);
  const [name, setName] = useState('');
  const [organisationId, setOrganisationId] = useState('');
  const [problem, setProblem] = useState<SourceSystemProblem | null>(null);
  const { create, busy } = useCreateSourceSystem(importType);
  const nameInput = useRef<HTMLInputElement>(null);
  const organisationSelect = useRef<HTMLSelectElement>(null);

  useEffect(() => nameInput.current?.focus(), []);

  async function add() {
    if (busy) return;
    const several = organisations.length > 1;
    const refusal: SourceSystemProblem | null =
      name.trim() === ''
        ? { field: 'name', message: texts.problems['SOURCE_SYSTEM_NAME_REQUIRED']! }
        : several && organisationId === ''
          ? { field: 'organisation', message: texts.problems['ORGANISATION_REQUIRED']! }
          : null;
    const answer = refusal ? { problem: refusal } : await create(name, several ? organisationId : null);
    if ('created' in answer) return onCreated(answer.created);
    setProblem(answer.problem);
    if (answer.problem.field === 'name') nameInput.current?.focus();
    if (answer.problem.field === 'organisation') (organisationSelect.current ?? nameInput.current)?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void add();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  // A refusal of the organisation while the form shows none (the operator's organisations not
  // read yet) is the form's.
  const problemField = problem?.field === 'organisation' && organisations.length <= 1 ? null : (problem?.field ?? null);
  const at = (field: SourceSystemProblem['field']) => (problem && problemField === field ? problem.message : null);
  return (
    <fieldset className="new-source-system" id={NEW_SOURCE_SYSTEM_ID} data-testid="new-source-system" onKeyDown={onKeyDown}>
      <legend>{texts.legend}</legend>
      <HintedField id="new-source-name" label={texts.name} hint={texts.nameHint} problem={at('name')}>
        {(control) => (
          <input {...control} ref={nameInput} type="text" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        )}
      </HintedField>
      {organisations.length > 1 && (
        <HintedField id="new-source-organisation" label={texts.organisation} hint={texts.organisationHint} problem={at('organisation')}>
          {(control) => (
            <select {...control} ref={organisationSelect} value={organisationId} onChange={(e) => setOrganisationId(e.target.value)}>
              <option value="">{texts.chooseOrganisation}</option>
              {organisations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </HintedField>
      )}
      {problem && problemField === null && (
        <Notice severity="error" testId="new-source-problem">
          {problem.message}
        </Notice>
      )}
      <div className="actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void add()}>
          {busy ? texts.adding : texts.submit}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {texts.cancel}
        </button>
      </div>
    </fieldset>
  );
}
