import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import type { ImportType, ImportVerifyingStageQuery } from '../../graphql/generated/graphql';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { Notice } from '../../ui/Notice';
import { importTexts } from '../texts';
import { useImportCommand } from './useImportCommand';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { CommandProblem } from './CommandProblem';

const texts = importTexts.verifying;

const VERIFYING_STAGE = graphql(`
  query ImportVerifyingStage($id: ID!, $importType: ImportType!) {
    importFields(importType: $importType) {
      name
      label
    }
    importJob(id: $id) {
      id
      verification {
        warning {
          code
          message
        }
        sample {
          rowNo
          matchKind
          person {
            id
            firstName
            lastName
            dateOfBirth
          }
          file {
            field
            value
          }
          changes {
            field
            current
            file
            applied
          }
        }
      }
    }
  }
`);

const RESUME = graphql(`
  mutation ResumeFromFingerprint($jobId: ID!, $decision: FingerprintDecision!) {
    resumeFromFingerprint(jobId: $jobId, decision: $decision) {
      ...ImportHostState_job
    }
  }
`);

type Sample = NonNullable<NonNullable<ImportVerifyingStageQuery['importJob']>['verification']>['sample'][number];

/**
 * The verifying stage when the fingerprint check (F7) stopped the job: the warning, the sampled
 * rows side by side with the persons they match, the fields the import would change
 * highlighted, and the operator's decision: import anyway, or stop (shown as FAILED).
 */
export function VerifyingStage({ jobId, importType }: { jobId: string; importType: ImportType }) {
  const { data } = useQuery(VERIFYING_STAGE, { variables: { id: jobId, importType }, fetchPolicy: 'network-only' });
  const resume = useImportCommand(RESUME);
  const verification = data?.importJob?.verification;
  if (!verification) return <p className="muted">{importTexts.loading}</p>;
  const labels = new Map(data.importFields.map((f) => [f.name, f.label]));
  const labelOf = (field: string) => labels.get(field) ?? field;
  return (
    <div data-testid="stage-verifying">
      <h2>{texts.title}</h2>
      {verification.warning && (
        <Notice severity="warning" title={texts.warningTitle} testId="fingerprint-warning">
          <p data-code={verification.warning.code}>{verification.warning.message}</p>
        </Notice>
      )}
      <p>{texts.intro}</p>
      <ScrollRegion label={texts.title}>
        <table className="data-table sample-table" data-testid="sample">
          <thead>
            <tr>
              <th scope="col">{texts.row}</th>
              <th scope="col">{texts.inFile}</th>
              <th scope="col">{texts.person}</th>
              <th scope="col">{texts.changes}</th>
            </tr>
          </thead>
          <tbody>
            {verification.sample.map((s) => (
              <SampleRow key={s.rowNo} sample={s} labelOf={labelOf} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <CommandProblem problem={resume.problem} />
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={resume.busy}
          onClick={() => void resume.run({ jobId, decision: 'ACKNOWLEDGE' })}
        >
          {texts.acknowledge}
        </button>
        <ConfirmButton
          label={texts.abort}
          title={texts.abortTitle}
          body={<p>{texts.abortBody}</p>}
          confirmLabel={texts.abortConfirm}
          keepLabel={texts.abortKeep}
          disabled={resume.busy}
          danger
          onConfirm={() => void resume.run({ jobId, decision: 'ABORT' })}
        />
      </div>
    </div>
  );
}

function SampleRow({ sample, labelOf }: { sample: Sample; labelOf: (field: string) => string }) {
  const changed = new Map(sample.changes.map((c) => [c.field, c]));
  const person = sample.person;
  return (
    <tr data-row={sample.rowNo}>
      <th scope="row">{sample.rowNo}</th>
      <td>
        <dl className="field-list">
          {sample.file.map((f) => (
            <div key={f.field} className={changed.has(f.field) ? 'field-changed' : undefined}>
              <dt>{labelOf(f.field)}</dt>
              <dd>{changed.has(f.field) ? <mark>{f.value || '—'}</mark> : f.value || '—'}</dd>
            </div>
          ))}
        </dl>
      </td>
      <td>
        {person ? (
          <>
            <span className="person-name">
              {person.firstName} {person.lastName}
            </span>
            {person.dateOfBirth && <span className="muted"> {person.dateOfBirth}</span>}
            <span className="muted"> ({texts.matchKinds[sample.matchKind ?? 'NONE'] ?? sample.matchKind})</span>
          </>
        ) : (
          <span className="muted">{texts.noPerson}</span>
        )}
      </td>
      <td>
        {sample.changes.length === 0 ? (
          <span className="muted">{texts.noChanges}</span>
        ) : (
          <ul className="change-list">
            {sample.changes.map((c) => (
              <li key={c.field} data-field={c.field}>
                <strong>{labelOf(c.field)}</strong>: <del>{c.current ?? '—'}</del> → <mark>{c.file ?? '—'}</mark>
                {!c.applied && <span className="muted"> ({texts.notApplied})</span>}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
