import { useQuery } from '@apollo/client/react';
import { graphql } from './graphql/generated';
import { OrganisationLogoForm } from './organisations/OrganisationLogoForm';
import { organisationTexts } from './organisations/texts';
import { adminTexts } from './texts';

/** Read through the federated router with the session's token: it shows whose rights the token carries. */
const CURRENT_TENANT = graphql(`
  query AdminCurrentTenant {
    viewer {
      userKey
      registrationSystem {
        id
        name
      }
      memberships {
        roles
        organisation {
          id
          name
          logoUrl
        }
      }
    }
  }
`);

export function CurrentTenant() {
  const { data, loading } = useQuery(CURRENT_TENANT, { fetchPolicy: 'network-only' });
  if (loading || !data) return <p className="muted">{adminTexts.signedIn.loading}</p>;
  const viewer = data.viewer;
  if (!viewer) return null;
  const organisations = viewer.memberships.filter((m) => m.roles.includes('ROLE_ORG_ADMIN'));
  return (
    <div data-testid="current-tenant" data-registration-system={viewer.registrationSystem.id}>
      <h2>{viewer.registrationSystem.name}</h2>
      <h3>{adminTexts.signedIn.organisations}</h3>
      <ul data-testid="organisations">
        {organisations.map((m) => (
          <li key={m.organisation.id}>{m.organisation.name}</li>
        ))}
      </ul>
      <h3>{organisationTexts.logosTitle}</h3>
      {organisations.map((m) => (
        <OrganisationLogoForm key={m.organisation.id} organisation={m.organisation} />
      ))}
    </div>
  );
}
