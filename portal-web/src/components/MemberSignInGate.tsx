import { useEffect, useState, type ReactNode } from 'react';
import { fetchSignInOptions, type MemberSessionState, type SignInOptions } from '../lib/memberSignIn';
import { navigate } from '../lib/navigation';
import { texts } from '../lib/texts';
import { PublicClubFrame } from './ClubIdentity';
import { SignInChoice } from './SignInChoice';

/**
 * The register route reached without a link (contract "Errors": it reloads with 'Missing security
 * verification parameters'). Where the host's tenant has member OpenID Connect (rule 12) the
 * member chooses how to go on, and a session already signed in (back from the provider, or
 * anonymous) goes on to the form; everywhere else `denied` is shown, as before rule 12.
 */
export function MemberSignInGate({
  periodId,
  periodPath,
  problem,
  denied,
}: {
  periodId: number | null;
  periodPath: string;
  /** What to say about the last sign-in (`signInProblemMessage`), or null. */
  problem: string | null;
  denied: ReactNode;
}) {
  const [options, setOptions] = useState<SignInOptions | null | 'checking'>(periodId === null ? null : 'checking');

  useEffect(() => {
    if (periodId === null) return;
    let current = true;
    void fetchSignInOptions().then((answer) => {
      if (!current) return;
      if (answer?.oidc && answer.session) {
        const state: MemberSessionState = { verifiedPeriodId: periodId, memberSession: answer.session };
        navigate(periodPath, { replace: true, state });
        return;
      }
      setOptions(answer);
    });
    return () => {
      current = false;
    };
  }, [periodId, periodPath]);

  if (options === 'checking') {
    return (
      <p className="loading" role="status">
        {texts.memberSignIn.checking}
      </p>
    );
  }
  if (!options?.oidc || periodId === null) return <>{denied}</>;
  return (
    <PublicClubFrame periodId={periodId}>
      <SignInChoice periodId={periodId} periodPath={periodPath} options={options} problem={problem} />
    </PublicClubFrame>
  );
}
