import { useEffect, useRef, useState } from 'react';
import {
  anonymousFailedMessage,
  continueAnonymously,
  memberLoginUrl,
  type MemberSessionState,
  type SignInOptions,
} from '../lib/memberSignIn';
import { navigate } from '../lib/navigation';
import { texts } from '../lib/texts';
import { Notice } from './Notice';

/**
 * Contract rule 12: on a tenant with member OpenID Connect, a member who arrives without a link
 * chooses between signing in with the club's provider and continuing without an account.
 * `problem` says why the last sign-in came back without one (`signInProblemMessage`).
 */
export function SignInChoice({
  periodId,
  periodPath,
  options,
  problem,
}: {
  periodId: number;
  periodPath: string;
  options: SignInOptions;
  problem: string | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const message = failed ?? problem;

  async function anonymous() {
    setBusy(true);
    setFailed(null);
    const result = await continueAnonymously();
    if (result.outcome === 'ok') {
      const state: MemberSessionState = { verifiedPeriodId: periodId, memberSession: 'anonymous' };
      navigate(periodPath, { replace: true, state });
      return;
    }
    setBusy(false);
    setFailed(anonymousFailedMessage(result));
  }

  return (
    <section className="card" aria-labelledby="sign-in-choice-title" data-testid="sign-in-choice">
      <h1 id="sign-in-choice-title" tabIndex={-1} ref={heading}>
        {texts.memberSignIn.title}
      </h1>
      <Notice severity="error">{message ? <p>{message}</p> : null}</Notice>
      <p>{texts.memberSignIn.intro}</p>
      <div className="actions actions-stacked">
        {options.oidc ? (
          <a className="button button-primary" href={memberLoginUrl(periodPath)}>
            {texts.memberSignIn.signInWith(options.oidc.name)}
          </a>
        ) : null}
        {options.anonymous ? (
          <button type="button" className="button button-secondary" onClick={() => void anonymous()} disabled={busy}>
            {texts.memberSignIn.continueAnonymously}
          </button>
        ) : null}
      </div>
      {options.anonymous ? <p className="muted">{texts.memberSignIn.anonymousHint}</p> : null}
    </section>
  );
}
