import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { navigate, useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import { Notice } from '../ui/Notice';
import { AUDIT_FILTER_FIELDS, auditFilterOf, auditPath, changeLines, type AuditFilterValues } from './auditFilter';
import { auditTexts as texts } from './texts';

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
  const { data, loading, error, fetchMore } = useQuery(AUDIT_LOG, { variables: { filter }, fetchPolicy: 'network-only' });
  const [draft, setDraft] = useState<AuditFilterValues>(applied);
  const [loadingMore, setLoadingMore] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    navigate(auditPath(draft), { replace: true });
  }

  async function onMore(after: string) {
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          operatorAuditLog: {
            ...fetchMoreResult.operatorAuditLog,
            entries: [...previous.operatorAuditLog.entries, ...fetchMoreResult.operatorAuditLog.entries],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  }

  const log = data?.operatorAuditLog;
  return (
    <section aria-labelledby="audit-title" data-testid="audit-log">
      <h2 id="audit-title">{texts.title}</h2>
      <p className="muted">{texts.intro}</p>
      <form onSubmit={onSubmit} aria-label={texts.filter.legend}>
        <div className="filters">
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
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary">
            {texts.filter.apply}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setDraft({});
              navigate(auditPath({}), { replace: true });
            }}
          >
            {texts.filter.clear}
          </button>
        </div>
      </form>
      {error && <Notice severity="error">{error.message || texts.failed}</Notice>}
      {loading && !log && <p className="muted">{texts.loading}</p>}
      {log && log.entries.length === 0 && <p data-testid="audit-empty">{texts.empty}</p>}
      {log && log.entries.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="audit-caption">
          <table className="work-table" data-testid="audit-entries">
            <caption id="audit-caption" className="visually-hidden">
              {texts.caption}
            </caption>
            <thead>
              <tr>
                <th scope="col">{texts.columns.at}</th>
                <th scope="col">{texts.columns.organisation}</th>
                <th scope="col">{texts.columns.actor}</th>
                <th scope="col">{texts.columns.action}</th>
                <th scope="col">{texts.columns.subject}</th>
                <th scope="col">{texts.columns.change}</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
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
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log?.nextCursor && (
        <div className="actions">
          <button type="button" className="button button-secondary" disabled={loadingMore} onClick={() => void onMore(log.nextCursor!)}>
            {texts.more}
          </button>
        </div>
      )}
    </section>
  );
}
