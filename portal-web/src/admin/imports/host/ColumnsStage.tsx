import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { graphql } from '../../graphql/generated';
import type { ImportColumnsStageQuery } from '../../graphql/generated/graphql';
import { Notice } from '../../ui/Notice';
import { columnsProblems } from '../lib/columnChoices';
import { importTexts } from '../texts';
import { useImportCommand } from './useImportCommand';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { CommandProblem } from './CommandProblem';

const texts = importTexts.columns;

const COLUMNS_STAGE = graphql(`
  query ImportColumnsStage($id: ID!) {
    importJob(id: $id) {
      id
      columns {
        header
        missingRequired
        mappings {
          column
          header
          field
          matchedBy
          note
        }
        fields {
          name
          label
          required
        }
      }
    }
  }
`);

const SUBMIT_COLUMNS = graphql(`
  mutation SubmitColumnMappings($jobId: ID!, $mappings: [ColumnMappingInput!]!) {
    submitColumnMappings(jobId: $jobId, mappings: $mappings) {
      ...ImportHostState_job
    }
  }
`);

/** custom1..3: kept columns of the participant import; offered only where the upload named one. */
const customLabel = (field: string) => field.replace(/^custom(\d)$/, 'Custom field $1');

/**
 * The columns stage: each file column with the field it was matched to and why (name, alias,
 * saved layout), the required fields still without a column, and "ignore" for any column. A
 * table of native selects: every choice is reachable with Tab and the arrow keys.
 */
export function ColumnsStage({ jobId }: { jobId: string }) {
  const { data } = useQuery(COLUMNS_STAGE, { variables: { id: jobId }, fetchPolicy: 'network-only' });
  const columns = data?.importJob?.columns;
  if (!columns) return <p className="muted">{importTexts.loading}</p>;
  return <ColumnsForm jobId={jobId} columns={columns} />;
}

type Columns = NonNullable<NonNullable<ImportColumnsStageQuery['importJob']>['columns']>;

function ColumnsForm({ jobId, columns }: { jobId: string; columns: Columns }) {
  const [chosen, setChosen] = useState<Array<string | null>>(() => columns.mappings.map((m) => m.field));
  const [tried, setTried] = useState(false);
  const submit = useImportCommand(SUBMIT_COLUMNS);
  const customFields = columns.mappings.flatMap((m) => (m.field && /^custom\d$/.test(m.field) ? [m.field] : []));
  const options = [...columns.fields, ...customFields.map((name) => ({ name, label: customLabel(name), required: false }))];
  const labelOf = (name: string) => options.find((f) => f.name === name)?.label ?? name;
  const problems = columnsProblems(options, chosen);
  const blocked = problems.missing.length > 0 || problems.duplicates.length > 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (blocked) return;
    await submit.run({ jobId, mappings: chosen.map((field, column) => ({ column, field })) });
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} data-testid="stage-columns" noValidate>
      <h2>{texts.title}</h2>
      <p>{texts.intro}</p>
      <ScrollRegion label={texts.title}>
        <table className="data-table columns-table">
          <thead>
            <tr>
              <th scope="col">{texts.column}</th>
              <th scope="col">{texts.field}</th>
              <th scope="col">{texts.why}</th>
            </tr>
          </thead>
          <tbody>
            {columns.mappings.map((m, i) => {
              const changed = chosen[i] !== m.field;
              const selectId = `column-${m.column}`;
              return (
                <tr key={m.column} data-column={m.header}>
                  <th scope="row">
                    <label htmlFor={selectId}>{m.header || `#${m.column + 1}`}</label>
                  </th>
                  <td>
                    <select
                      id={selectId}
                      value={chosen[i] ?? ''}
                      aria-invalid={chosen[i] ? problems.duplicates.some((d) => d.name === chosen[i]) : undefined}
                      onChange={(e) => setChosen((prev) => prev.map((f, j) => (j === i ? e.target.value || null : f)))}
                    >
                      <option value="">{texts.ignore}</option>
                      {options.map((f) => (
                        <option key={f.name} value={f.name}>
                          {f.label}
                          {f.required ? ` (${texts.required})` : ''}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="muted">
                    {changed ? texts.changed : (texts.matchedBy[m.matchedBy] ?? m.matchedBy)}
                    {m.note && !changed && <span className="column-note"> ({m.note})</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <div role="status" aria-live="polite" data-testid="columns-problems">
        {problems.missing.length > 0 && <p className="field-error">{texts.missing(problems.missing.map((f) => f.label))}</p>}
        {problems.duplicates.map((f) => (
          <p key={f.name} className="field-error">
            {texts.duplicate(labelOf(f.name))}
          </p>
        ))}
        {!blocked && <p className="muted">{texts.complete}</p>}
      </div>
      {tried && blocked && <Notice severity="error">{texts.fixFirst}</Notice>}
      <CommandProblem problem={submit.problem} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={submit.busy}>
          {texts.submit}
        </button>
      </div>
    </form>
  );
}
