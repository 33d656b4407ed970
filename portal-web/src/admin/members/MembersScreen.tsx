import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import type { AdminMembersQuery, MembershipStatus } from '../graphql/generated/graphql';
import { AppLink } from '../ui/AppLink';
import { Notice } from '../ui/Notice';
import { FilterForm, useAddressFilter } from '../work/FilterForm';
import { ListResult } from '../work/ListResult';
import { personPath } from '../persons/personPaths';
import { MEMBERSHIP_STATUSES, memberSearchOf, membersCsv, membersPath, type ExportedMember, type MemberSearchValues } from './memberSearch';
import { memberTexts as texts } from './texts';
import { useKeysetList } from '../work/useKeysetList';

const MEMBERS = graphql(`
  query AdminMembers($filter: MemberSearch, $first: Int, $after: ID) {
    operatorMembers(filter: $filter, first: $first, after: $after) {
      total
      nextCursor
      rows {
        membershipId
        personId
        firstName
        lastName
        dateOfBirth
        email
        membershipNumber
        status
        memberType
        periodName
        membershipTypeName
        userKeys
      }
    }
  }
`);

const PERIODS = graphql(`
  query AdminMemberPeriods {
    operatorMembershipPeriods {
      id
      name
      membershipTypes {
        code
        name
      }
    }
  }
`);

/** The export reads the whole filtered list, a thousand rows a request, and stops at this many. */
const EXPORT_PAGE = 1000;
const EXPORT_MAX_PAGES = 100;

function filterOf(values: MemberSearchValues) {
  return {
    text: values.text ?? null,
    periodId: values.periodId ?? null,
    membershipTypeCode: values.membershipTypeCode ?? null,
    status: (values.status as MembershipStatus | undefined) ?? null,
  };
}

/** The member list: search, filters, the person's page a click away, and the filtered list as CSV. */
export function MembersScreen() {
  const client = useApolloClient();
  const { search } = useLocation();
  const applied = memberSearchOf(search);
  const filter = filterOf(applied);
  const list = useKeysetList(MEMBERS, { filter, first: 50 }, 'operatorMembers', 'rows');
  const periods = useQuery(PERIODS).data?.operatorMembershipPeriods ?? [];
  const { draft, setDraft, apply } = useAddressFilter(applied, membersPath);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const types = [...new Map(periods.flatMap((p) => p.membershipTypes).map((t) => [t.code, t.name])).entries()];

  async function onExport() {
    setExporting(true);
    setExportFailed(false);
    try {
      const rows: ExportedMember[] = [];
      let after: string | null = null;
      for (let page = 0; page < EXPORT_MAX_PAGES; page += 1) {
        const result: { data?: AdminMembersQuery } = await client.query({
          query: MEMBERS,
          variables: { filter, first: EXPORT_PAGE, after },
          fetchPolicy: 'network-only',
        });
        const page = result.data?.operatorMembers;
        if (!page) throw new Error('no data');
        rows.push(...page.rows);
        after = page.nextCursor;
        if (!after) break;
      }
      download('members.csv', membersCsv(rows));
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  const total = list.answer?.total;
  return (
    <section aria-labelledby="members-title" data-testid="members">
      <h2 id="members-title">{texts.title}</h2>
      <FilterForm
        label={texts.search.label}
        applyLabel={texts.search.apply}
        onApply={() => apply()}
        clear={{ label: texts.search.clear, onClear: () => apply({}) }}
        actions={
          <button type="button" className="button button-secondary" disabled={exporting || !total} onClick={() => void onExport()}>
            {exporting ? texts.exporting : texts.export}
          </button>
        }
      >
        <div className="field">
          <label htmlFor="members-text">{texts.search.text}</label>
          <input id="members-text" type="search" value={draft.text ?? ''} onChange={(e) => setDraft({ ...draft, text: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="members-period">{texts.search.period}</label>
          <select id="members-period" value={draft.periodId ?? ''} onChange={(e) => setDraft({ ...draft, periodId: e.target.value })}>
            <option value="">{texts.search.any}</option>
            {periods.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="members-type">{texts.search.type}</label>
          <select
            id="members-type"
            value={draft.membershipTypeCode ?? ''}
            onChange={(e) => setDraft({ ...draft, membershipTypeCode: e.target.value })}
          >
            <option value="">{texts.search.any}</option>
            {types.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="members-status">{texts.search.status}</label>
          <select id="members-status" value={draft.status ?? ''} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
            <option value="">{texts.search.any}</option>
            {MEMBERSHIP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {texts.statuses[s]}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {exportFailed && <Notice severity="error">{texts.exportFailed}</Notice>}
      <ListResult
        list={list}
        loadingText={texts.loading}
        failedText={texts.failed}
        summary={
          total !== undefined && (
            <p role="status" data-testid="members-total">
              {total === 0 ? texts.empty : texts.total(total)}
            </p>
          )
        }
        caption={texts.caption}
        columns={[
          texts.columns.name,
          texts.columns.number,
          texts.columns.period,
          texts.columns.type,
          texts.columns.status,
          texts.columns.userKeys,
        ]}
        testId="member-rows"
        row={(row) => (
          <tr key={row.membershipId} data-testid="member-row">
            <td>
              <AppLink to={personPath(row.personId)}>
                {row.firstName} {row.lastName}
              </AppLink>
            </td>
            <td className="membership-number">{row.membershipNumber ?? '–'}</td>
            <td>{row.periodName}</td>
            <td>{row.membershipTypeName}</td>
            <td>{texts.statuses[row.status]}</td>
            <td>{row.userKeys.join(', ')}</td>
          </tr>
        )}
        moreLabel={texts.more}
      />
    </section>
  );
}

/** Hands the browser a file made here (no server round trip: the rows are already the operator's). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
