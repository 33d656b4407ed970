import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../graphql/generated';
import { IMPORT_FLOWS } from '../lib/flows';
import { importTexts } from '../texts';
import { UploadForm } from '../upload/UploadForm';
import { Check } from './ParticipantsUpload';
import { HintedField } from '../../ui/HintedField';

const texts = importTexts.upload;
const flowTexts = importTexts.flows.memberships;

const MEMBER_IMPORT_OPTIONS = graphql(`
  query MemberImportOptions {
    viewer {
      memberships {
        roles
        organisation {
          id
          name
        }
      }
    }
    operatorMembershipPeriods {
      id
      name
      startsOn
      organisation {
        id
      }
    }
  }
`);

/** The membership upload (M01): the organisation the members join, the period of rows that name none, the gating flags. */
export function MembersUpload() {
  const { data } = useQuery(MEMBER_IMPORT_OPTIONS, { fetchPolicy: 'network-only' });
  const organisations = (data?.viewer?.memberships ?? []).filter((m) => m.roles.includes('ROLE_ORG_ADMIN')).map((m) => m.organisation);
  const [chosenOrganisation, setOrganisation] = useState('');
  // An operator of one organisation has nothing to choose.
  const organisationId = chosenOrganisation || (organisations.length === 1 ? organisations[0]!.id : '');
  const periods = (data?.operatorMembershipPeriods ?? []).filter((p) => p.organisation.id === organisationId);
  const [periodId, setPeriodId] = useState('');
  const [trustPKs, setTrustPKs] = useState(false);
  const [updatePII, setUpdatePII] = useState(false);
  return (
    <UploadForm
      flow={IMPORT_FLOWS.memberships}
      title={flowTexts.title}
      intro={flowTexts.intro}
      fields={{ organisationId, periodId, trustPKs: String(trustPKs), updatePII: String(updatePII) }}
      incomplete={organisationId ? null : texts.organisation}
    >
      {() => (
        <>
          <div className="field">
            <label htmlFor="organisation">{texts.organisation}</label>
            <select
              id="organisation"
              value={organisationId}
              disabled={organisations.length <= 1}
              onChange={(e) => {
                setOrganisation(e.target.value);
                setPeriodId('');
              }}
            >
              {organisations.length !== 1 && <option value="">{texts.organisation}</option>}
              {organisations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          <HintedField id="period" label={texts.period} hint={texts.periodHint}>
            {(control) => (
              <select {...control} value={periodId} onChange={(e) => setPeriodId(e.target.value)}>
                <option value="">{texts.periodFromFile}</option>
                {periods.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </HintedField>
          <Check id="trust-pks" checked={trustPKs} onChange={setTrustPKs} label={texts.trustPKs} />
          <Check id="update-pii" checked={updatePII} onChange={setUpdatePII} label={texts.updatePII} />
        </>
      )}
    </UploadForm>
  );
}
