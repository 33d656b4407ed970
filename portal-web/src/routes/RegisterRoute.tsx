import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { AccessDenied } from '../components/AccessDenied';
import { ClubContact, ClubHeading, PublicClubFrame, useClubOfPeriod } from '../components/ClubIdentity';
import { FormStep } from '../components/FormStep';
import { MemberSignInGate } from '../components/MemberSignInGate';
import { Notice } from '../components/Notice';
import { OwnDetailsGate } from '../components/OwnDetails';
import { useFormActions } from '../graphql/formMutations';
import { isForm } from '../graphql/formResult';
import { graphql } from '../graphql/generated';
import { signIn } from '../lib/auth';
import { deniedReasonForCode, deniedReasonForErrorParam, deniedReasonForRequestError, formErrorText } from '../lib/errors';
import {
  decideGuard,
  errorUrl,
  INVALID_VERIFICATION_ERROR,
  MISSING_VERIFICATION_ERROR,
  periodPathFor,
  type VerifiedState,
} from '../lib/guard';
import { memberSessionOf, signInProblemMessage } from '../lib/memberSignIn';
import { navigate, type Location } from '../lib/navigation';
import { parsePeriodId } from '../lib/routes';
import { texts, type DeniedReason } from '../lib/texts';

export const MEMBERSHIP_FORM_QUERY = graphql(`
  query MembershipForm($periodId: Int!) {
    membershipForm(periodId: $periodId) {
      ...FormResult_result
    }
  }
`);

type SignInState = { kind: 'checking' } | { kind: 'unavailable' } | { kind: 'rateLimited'; waitMinutes: number | null };

/**
 * `/membership/register/:membershipPeriodId[/:u]?u=&h=[&t=&n=][&error=]`
 *
 * The guard (contract "Errors", registration-route rows): an `error` parameter shows the
 * access-denied view; missing u or h reloads the route with `error` = 'Missing security
 * verification parameters'; the gateway refusing the link reloads it with 'Invalid security
 * verification'. After sign-in u/h/t/n leave the address bar (and so the history and referrers).
 */
export function RegisterRoute({
  location,
  periodParam,
  pathUserKey,
}: {
  location: Location;
  periodParam: string;
  pathUserKey: string | null;
}) {
  const periodId = parsePeriodId(periodParam);
  const periodPath = periodPathFor(periodParam, periodId);
  const search = new URLSearchParams(location.search);
  const decision = decideGuard({ periodPath, periodId, pathUserKey, search, historyState: location.state });
  const [signInState, setSignInState] = useState<SignInState>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  // What the effect below acts on, as plain values: the decision object is new on every render.
  const signInKey = decision.kind === 'signIn' ? JSON.stringify(decision.credentials) : null;
  const redirectUrl = decision.kind === 'redirectWithError' ? decision.url : null;
  useEffect(() => {
    if (decision.kind === 'redirectWithError') {
      navigate(decision.url, { replace: true });
      return;
    }
    if (decision.kind !== 'signIn') return;
    let current = true;
    setSignInState({ kind: 'checking' });
    void signIn(decision.credentials).then(({ outcome, waitMinutes }) => {
      if (!current) return;
      if (outcome === 'ok') {
        if (periodId === null) {
          // No period can have this id: say so. The clean URL would have no verified period to
          // go on and would reload with 'Missing security verification parameters' instead.
          navigate(errorUrl(periodPath, 'PERIOD_NOT_FOUND'), { replace: true });
        } else {
          const state: VerifiedState = { verifiedPeriodId: periodId };
          navigate(decision.cleanUrl, { replace: true, state });
        }
      } else if (outcome === 'refused') {
        navigate(errorUrl(periodPath, INVALID_VERIFICATION_ERROR), { replace: true });
      } else if (outcome === 'rateLimited') {
        // Not a broken link: the link may be fine, the address or user key has failed too often.
        setSignInState({ kind: 'rateLimited', waitMinutes });
      } else {
        setSignInState({ kind: 'unavailable' });
      }
    });
    return () => {
      current = false;
    };
  }, [signInKey, redirectUrl, attempt]);

  if (decision.kind === 'denied') {
    // A refused link leaves no session: the club is named from the host's public identity.
    const denied = (
      <PublicClubFrame periodId={periodId}>
        <AccessDenied reason={deniedReasonForErrorParam(decision.error)} />
      </PublicClubFrame>
    );
    // No link at all: a tenant with member sign-in offers it instead (rule 12).
    if (decision.error !== MISSING_VERIFICATION_ERROR) return denied;
    return <MemberSignInGate periodId={periodId} periodPath={periodPath} problem={signInProblemMessage(search)} denied={denied} />;
  }
  if (decision.kind === 'redirectWithError') return null;
  if (decision.kind === 'signIn') {
    if (signInState.kind !== 'checking') {
      const rateLimited = signInState.kind === 'rateLimited';
      return (
        <section className="card" aria-labelledby="unavailable-title">
          <h1 id="unavailable-title">{rateLimited ? texts.verification.rateLimitedTitle : texts.verification.unavailableTitle}</h1>
          <Notice severity="error">
            <p>{rateLimited ? texts.verification.rateLimited(signInState.waitMinutes) : texts.verification.unavailableBody}</p>
          </Notice>
          <div className="actions">
            <button type="button" className="button button-primary" onClick={() => setAttempt((n) => n + 1)}>
              {texts.verification.tryAgain}
            </button>
          </div>
        </section>
      );
    }
    return (
      <p className="loading" role="status">
        {texts.verification.checking}
      </p>
    );
  }
  if (periodId === null) {
    return (
      <PublicClubFrame periodId={null}>
        <AccessDenied reason="PERIOD_NOT_FOUND" />
      </PublicClubFrame>
    );
  }
  // Signed in with the club's provider or anonymous (rule 12): the member's own details come first.
  if (memberSessionOf(location.state)) {
    return (
      <OwnDetailsGate periodId={periodId}>
        <RegistrationForm periodId={periodId} />
      </OwnDetailsGate>
    );
  }
  return <RegistrationForm periodId={periodId} />;
}

/** The form of a period once the session is established: the route's query, then FormStep. */
function RegistrationForm({ periodId }: { periodId: number }) {
  const actions = useFormActions();
  const club = useClubOfPeriod(periodId);
  const [denied, setDenied] = useState<DeniedReason | null>(null);
  const { data, error, loading, refetch } = useQuery(MEMBERSHIP_FORM_QUERY, {
    variables: { periodId },
    // Always ask the server when the page opens (the state may have moved on in another tab or
    // at the payment provider); afterwards the mutations keep the cache current.
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });

  useEffect(() => {
    document.title = `${texts.form.title} – ${texts.app.name}`;
  }, []);

  // An ended session cannot read the club's query: the public identity names the club then.
  const deniedPage = (reason: DeniedReason) => (
    <PublicClubFrame periodId={periodId} club={club}>
      <AccessDenied reason={reason} />
    </PublicClubFrame>
  );
  if (denied) return deniedPage(denied);
  if (error) {
    const reason = deniedReasonForRequestError(error);
    if (reason) return deniedPage(reason);
    return <LoadFailed message={texts.form.loadFailed} onRetry={() => void refetch()} />;
  }
  const result = data?.membershipForm;
  if (loading && !result) {
    return (
      <p className="loading" role="status">
        {texts.app.loading}
      </p>
    );
  }
  if (!result) return <LoadFailed message={texts.form.loadFailed} onRetry={() => void refetch()} />;
  if (!isForm(result)) {
    const reason = deniedReasonForCode(result.code);
    if (reason) return deniedPage(reason);
    return <LoadFailed message={formErrorText(result)} onRetry={() => void refetch()} />;
  }
  return (
    <>
      <ClubHeading club={club} />
      <h1 className="page-title">{texts.form.title}</h1>
      <FormStep form={result} actions={actions} onDenied={setDenied} onReload={() => void refetch()} periodId={periodId} />
      <ClubContact club={club} />
    </>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="card" aria-labelledby="load-failed-title">
      <h1 id="load-failed-title">{texts.form.title}</h1>
      <Notice severity="error">
        <p>{message}</p>
      </Notice>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onRetry}>
          {texts.form.retry}
        </button>
      </div>
    </section>
  );
}
