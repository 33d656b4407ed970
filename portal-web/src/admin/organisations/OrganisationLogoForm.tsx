import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { graphql } from '../graphql/generated';
import { Notice } from '../ui/Notice';
import { organisationTexts as texts } from './texts';

const SET_LOGO = graphql(`
  mutation AdminSetOrganisationLogo($organisationId: ID!, $imageBase64: String!) {
    setOrganisationLogo(organisationId: $organisationId, imageBase64: $imageBase64) {
      __typename
      ... on OrganisationLogoSet {
        organisation {
          id
          logoUrl
        }
      }
      ... on OrganisationLogoError {
        code
        message
      }
    }
  }
`);

/** The file's bytes in base64, as the mutation takes them (GraphQL uploads reach only the imports subgraph). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * An organisation's logo and the form that sets or replaces it. The server checks the image (its
 * bytes, its size) and says what is wrong; the organisation's cached logoUrl follows the answer.
 */
export function OrganisationLogoForm({ organisation }: { organisation: { id: string; name: string; logoUrl?: string | null } }) {
  const inputId = useId();
  const file = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; message: string } | null>(null);
  const [setLogo, { loading }] = useMutation(SET_LOGO);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const chosen = file.current?.files?.[0];
    if (!chosen) return setOutcome({ severity: 'error', message: texts.chooseFirst });
    try {
      const imageBase64 = await base64Of(chosen);
      const result = (await setLogo({ variables: { organisationId: organisation.id, imageBase64 } })).data?.setOrganisationLogo;
      if (result?.__typename === 'OrganisationLogoSet') setOutcome({ severity: 'success', message: texts.saved });
      else setOutcome({ severity: 'error', message: result?.__typename === 'OrganisationLogoError' ? result.message : texts.failed });
    } catch {
      setOutcome({ severity: 'error', message: texts.failed });
    }
  }

  return (
    <form className="organisation-logo" onSubmit={(e) => void onSubmit(e)} data-testid={`organisation-logo-${organisation.id}`} noValidate>
      {organisation.logoUrl ? (
        <img src={organisation.logoUrl} alt={texts.logoAlt(organisation.name)} width={48} height={48} />
      ) : (
        <p className="muted">{texts.noLogo}</p>
      )}
      <div className="field">
        <label htmlFor={inputId}>{texts.chooseLogo(organisation.name)}</label>
        <input id={inputId} ref={file} type="file" accept="image/png,image/jpeg,image/webp" />
      </div>
      <button type="submit" className="button button-secondary" disabled={loading}>
        {loading ? texts.uploading : texts.upload}
      </button>
      {outcome && <Notice severity={outcome.severity}>{outcome.message}</Notice>}
    </form>
  );
}
