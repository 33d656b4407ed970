import { useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import { FilterForm, useAddressFilter } from '../work/FilterForm';
import { ListResult } from '../work/ListResult';
import { AUDIT_FILTER_FIELDS, auditFilterOf, auditPath, changeLines } from './auditFilter';
import { auditTexts as texts } from './texts';
import { useKeysetList } from '../work/useKeysetList';

const AUDIT_LOG = graphql(`
  query AdminAuditLog($filter: AuditLogFilter, $after: ID) {
    operatorAuditLog(filter: $filter, first: 50, after: $after) {
      nextCursor
      entries {
        id
        at
        organisation {
          id
          name
        }
        actorUserKey
        action
        subjectType
        subjectId
        before
        after
      }
    }
  }
`);

const DATE_FIELDS = new Set(['since', 'until']);

/** The operators' audit log of the tenant's organisations the operator runs, filtered by the address. */
export function AuditLogScreen() {
  const { search } = useLocation();
  const applied = auditFilterOf(search);
  // `until` is a day: the whole day counts.
  const filter = {
    ...applied,
    until: applied.until && /^\d{4}-\d{2}-\d{2}$/.test(applied.until) ? `${applied.until}T23:59:59.999Z` : applied.until,
  };
  const list = useKeysetList(AUDIT_LOG, { filter }, 'operatorAuditLog', 'entries');
  const { draft, setDraft, apply } = useAddressFilter(applied, auditPath);

  return (
    <section aria-labelledby="audit-title" data-testid="audit-log">
      <h2 id="audit-title">{texts.title}</h2>
      <p className="muted">{texts.intro}</p>
      <FilterForm
        label={texts.filter.legend}
        applyLabel={texts.filter.apply}
        onApply={() => apply()}
        clear={{ label: texts.filter.clear, onClear: () => apply({}) }}
      >
        {AUDIT_FILTER_FIELDS.map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`audit-${field}`}>{texts.filter[field]}</label>
            <input
              id={`audit-${field}`}
              type={DATE_FIELDS.has(field) ? 'date' : 'search'}
              value={draft[field] ?? ''}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
            />
          </div>
        ))}
      </FilterForm>
      <ListResult
        list={list}
        loadingText={texts.loading}
        failedText={texts.failed}
        empty={<p data-testid="audit-empty">{texts.empty}</p>}
        caption={texts.caption}
        columns={[
          texts.columns.at,
          texts.columns.organisation,
          texts.columns.actor,
          texts.columns.action,
          texts.columns.subject,
          texts.columns.change,
        ]}
        testId="audit-entries"
        row={(entry) => (
          <tr key={entry.id} data-testid="audit-entry" data-action={entry.action} data-subject={entry.subjectId}>
            <td>{new Date(entry.at).toLocaleString()}</td>
            <td>{entry.organisation.name}</td>
            <td>{entry.actorUserKey}</td>
            <td>{entry.action}</td>
            <td>
              {entry.subjectType} {entry.subjectId}
            </td>
            <td>
              <pre>{changeLines(entry.before, entry.after).join('\n')}</pre>
            </td>
          </tr>
        )}
        moreLabel={texts.more}
      />
    </section>
  );
}
