import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { graphql } from '../../graphql/generated';
import type { ImportCellsStageQuery } from '../../graphql/generated/graphql';
import { Notice } from '../../ui/Notice';
import { fkTypeLabel, formatCount, importTexts } from '../texts';
import { useImportCommand } from './useImportCommand';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { CommandProblem } from './CommandProblem';

const texts = importTexts.cells;

const CELLS_STAGE = graphql(`
  query ImportCellsStage($id: ID!) {
    importJob(id: $id) {
      id
      cells {
        asked {
          fkType
          value
          rows
          answered
          chosenTargetId
          matches {
            id
            label
          }
        }
        options {
          fkType
          targets {
            id
            label
          }
        }
      }
    }
  }
`);

const SUBMIT_CELLS = graphql(`
  mutation SubmitCellMappings($jobId: ID!, $mappings: [CellMappingInput!]!) {
    submitCellMappings(jobId: $jobId, mappings: $mappings) {
      ...ImportHostState_job
    }
  }
`);

type Cells = NonNullable<NonNullable<ImportCellsStageQuery['importJob']>['cells']>;

/** The select's value for "none of these": the rows with the value fail with FK_MISMATCH. */
const NONE = 'none';

/**
 * The cells stage: each distinct value that matched no record, or several, asked once (not once
 * per row), with the matching records first and every record of its kind after them.
 */
export function CellsStage({ jobId }: { jobId: string }) {
  const { data } = useQuery(CELLS_STAGE, { variables: { id: jobId }, fetchPolicy: 'network-only' });
  const cells = data?.importJob?.cells;
  if (!cells) return <p className="muted">{importTexts.loading}</p>;
  return <CellsForm jobId={jobId} cells={cells} />;
}

function CellsForm({ jobId, cells }: { jobId: string; cells: Cells }) {
  const [choices, setChoices] = useState<string[]>(() =>
    cells.asked.map((a) => (a.answered ? (a.chosenTargetId === null ? NONE : String(a.chosenTargetId)) : '')),
  );
  const [tried, setTried] = useState(false);
  const submit = useImportCommand(SUBMIT_CELLS);
  const unanswered = choices.filter((c) => c === '').length;
  const fkTypes = [...new Set(cells.asked.map((a) => a.fkType))];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (unanswered > 0) return;
    await submit.run({
      jobId,
      mappings: cells.asked.map((a, i) => ({
        fkType: a.fkType,
        value: a.value,
        targetId: choices[i] === NONE ? null : Number(choices[i]),
      })),
    });
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} data-testid="stage-cells" noValidate>
      <h2>{texts.title}</h2>
      <p>{texts.intro}</p>
      {fkTypes.map((fkType) => {
        const targets = cells.options.find((o) => o.fkType === fkType)?.targets ?? [];
        return (
          <ScrollRegion label={fkTypeLabel(fkType)} key={fkType}>
            <table className="data-table">
              <caption>{fkTypeLabel(fkType)}</caption>
              <thead>
                <tr>
                  <th scope="col">{texts.value}</th>
                  <th scope="col" className="amount">
                    {texts.rows}
                  </th>
                  <th scope="col">{texts.choice}</th>
                </tr>
              </thead>
              <tbody>
                {cells.asked.map((a, i) => {
                  if (a.fkType !== fkType) return null;
                  const id = `cell-${i}`;
                  const others = targets.filter((t) => !a.matches.some((m) => m.id === t.id));
                  return (
                    <tr key={`${a.fkType}:${a.value}`} data-value={a.value}>
                      <th scope="row">
                        <label htmlFor={id}>{a.value === '' ? '—' : a.value}</label>
                      </th>
                      <td className="amount">{formatCount(a.rows)}</td>
                      <td>
                        <select
                          id={id}
                          value={choices[i]}
                          aria-invalid={tried && choices[i] === '' ? true : undefined}
                          onChange={(e) => setChoices((prev) => prev.map((c, j) => (j === i ? e.target.value : c)))}
                        >
                          <option value="">{texts.choose}</option>
                          {a.matches.length > 0 && (
                            <optgroup label={texts.likely}>
                              {a.matches.map((m) => (
                                <option key={m.id} value={String(m.id)}>
                                  {m.label}
                                </option>
                              ))}
                            </optgroup>
                          )}
                          <optgroup label={`${texts.all}: ${fkTypeLabel(fkType)}`}>
                            {others.map((t) => (
                              <option key={t.id} value={String(t.id)}>
                                {t.label}
                              </option>
                            ))}
                          </optgroup>
                          <option value={NONE}>{texts.none}</option>
                        </select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        );
      })}
      {tried && unanswered > 0 && <Notice severity="error">{texts.unanswered(unanswered)}</Notice>}
      <CommandProblem problem={submit.problem} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={submit.busy}>
          {texts.submit}
        </button>
      </div>
    </form>
  );
}
