import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../graphql/generated';
import type { AdminMergeCandidatesQuery } from '../graphql/generated/graphql';
import { personPath } from '../persons/personPaths';
import { AppLink } from '../ui/AppLink';
import { ConfirmButton } from '../ui/ConfirmButton';
import { Notice } from '../ui/Notice';
import { reviewTexts as texts } from './texts';

const CANDIDATES = graphql(`
  query AdminMergeCandidates {
    operatorMergeCandidates {
      id
      score
      reason
      person {
        ...AdminPersonToReview
      }
      candidate {
        ...AdminPersonToReview
      }
    }
  }
  fragment AdminPersonToReview on PersonToReview {
    id
    firstName
    lastName
    dateOfBirth
    email
    createdAt
    memberships
    orders
    participations
    userKeys
  }
`);

const MERGE = graphql(`
  mutation AdminMergePersons($candidateId: ID!, $keepPersonId: ID!) {
    mergePersons(candidateId: $candidateId, keepPersonId: $keepPersonId) {
      ... on MergeDecided {
        keptPersonId
      }
      ... on MergeDecisionError {
        code
        message
      }
    }
  }
`);

const DISMISS = graphql(`
  mutation AdminDismissMergeCandidate($candidateId: ID!) {
    dismissMergeCandidate(candidateId: $candidateId) {
      ... on MergeDecided {
        keptPersonId
      }
      ... on MergeDecisionError {
        code
        message
      }
    }
  }
`);

type Candidate = AdminMergeCandidatesQuery['operatorMergeCandidates'][number];
type Side = Candidate['person'];

const ROWS: Array<{ label: string; value: (p: Side) => string }> = [
  { label: texts.fields.dateOfBirth, value: (p) => p.dateOfBirth ?? '–' },
  { label: texts.fields.email, value: (p) => p.email ?? '–' },
  { label: texts.fields.createdAt, value: (p) => new Date(p.createdAt).toLocaleDateString() },
  { label: texts.fields.memberships, value: (p) => String(p.memberships) },
  { label: texts.fields.orders, value: (p) => String(p.orders) },
  { label: texts.fields.participations, value: (p) => String(p.participations) },
  { label: texts.fields.userKeys, value: (p) => p.userKeys.join(', ') || '–' },
];

/** The merge candidates side by side, each merged (keeping the record the operator picks) or dismissed. */
export function ReviewScreen() {
  const { data, loading, error, refetch } = useQuery(CANDIDATES, { fetchPolicy: 'network-only' });
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const candidates = data?.operatorMergeCandidates;
  return (
    <section aria-labelledby="review-title" data-testid="review">
      <h2 id="review-title">{texts.title}</h2>
      <p className="muted">{texts.intro}</p>
      {outcome && (
        <Notice severity={outcome.severity} testId="review-outcome">
          {outcome.text}
        </Notice>
      )}
      {error && <Notice severity="error">{error.message}</Notice>}
      {loading && !candidates && <p className="muted">{texts.loading}</p>}
      {candidates && candidates.length === 0 && <p data-testid="review-empty">{texts.empty}</p>}
      {candidates?.map((c, i) => (
        <CandidatePair
          key={c.id}
          candidate={c}
          position={i + 1}
          onDecided={(result) => {
            setOutcome(result);
            void refetch();
          }}
        />
      ))}
    </section>
  );
}

function CandidatePair({
  candidate,
  position,
  onDecided,
}: {
  candidate: Candidate;
  position: number;
  onDecided: (outcome: { severity: 'success' | 'error'; text: string }) => void;
}) {
  const [keep, setKeep] = useState(candidate.person.id);
  const [merge, merging] = useMutation(MERGE);
  const [dismiss, dismissing] = useMutation(DISMISS);
  const busy = merging.loading || dismissing.loading;
  const titleId = `pair-${candidate.id}`;
  const sides = [candidate.person, candidate.candidate];

  async function decide(run: () => Promise<{ data?: unknown }>, done: string, pick: (data: unknown) => unknown) {
    try {
      const result = pick((await run()).data) as { keptPersonId?: string; message?: string } | undefined;
      onDecided(result?.keptPersonId ? { severity: 'success', text: done } : { severity: 'error', text: result?.message ?? texts.failed });
    } catch {
      onDecided({ severity: 'error', text: texts.failed });
    }
  }

  return (
    <article className="card review-pair" aria-labelledby={titleId} data-testid="review-pair" data-candidate={candidate.id}>
      <h3 id={titleId}>{texts.pair(position)}</h3>
      <p className="muted">
        {texts.reason}: {candidate.reason}; {texts.score}: {Math.round(candidate.score * 100)}%
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={titleId}>
        <table className="work-table">
          <thead>
            <tr>
              <th scope="col">{texts.fields.name}</th>
              {sides.map((p) => (
                <th scope="col" key={p.id}>
                  <AppLink to={personPath(p.id)}>
                    {p.firstName} {p.lastName}
                  </AppLink>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {sides.map((p) => (
                  <td key={p.id}>{row.value(p)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset>
        <legend>{texts.keepLegend}</legend>
        {sides.map((p) => (
          <label className="radio" key={p.id}>
            <input type="radio" name={`keep-${candidate.id}`} value={p.id} checked={keep === p.id} onChange={() => setKeep(p.id)} />
            <span>
              {texts.keep}: {p.firstName} {p.lastName} (#{p.id})
            </span>
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <ConfirmButton
          label={texts.merge}
          title={texts.mergeTitle}
          body={<p>{texts.mergeBody}</p>}
          confirmLabel={texts.mergeConfirm}
          keepLabel={texts.mergeKeep}
          disabled={busy}
          danger
          onConfirm={() =>
            void decide(
              () => merge({ variables: { candidateId: candidate.id, keepPersonId: keep } }),
              texts.merged,
              (d) => (d as { mergePersons?: unknown } | undefined)?.mergePersons,
            )
          }
        />
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() =>
            void decide(
              () => dismiss({ variables: { candidateId: candidate.id } }),
              texts.dismissed,
              (d) => (d as { dismissMergeCandidate?: unknown } | undefined)?.dismissMergeCandidate,
            )
          }
        >
          {texts.dismiss}
        </button>
      </div>
    </article>
  );
}
