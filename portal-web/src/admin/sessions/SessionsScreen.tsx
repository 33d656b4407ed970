import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import { ConfirmButton } from '../ui/ConfirmButton';
import { Notice } from '../ui/Notice';
import { sessionTexts as texts } from './texts';

const END_SESSIONS = graphql(`
  mutation AdminEndMemberSessions($userKey: String!) {
    endMemberSessions(userKey: $userKey) {
      ... on SessionsEnded {
        ended
      }
      ... on EndSessionsError {
        code
        message
      }
    }
  }
`);

/** `/sessions?userKey=…` (the person page links here): end every session of one member. */
export function SessionsScreen() {
  const { search } = useLocation();
  const [userKey, setUserKey] = useState(new URLSearchParams(search).get('userKey') ?? '');
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [endSessions, { loading }] = useMutation(END_SESSIONS);
  const key = userKey.trim();

  async function onConfirm() {
    setOutcome(null);
    try {
      const result = (await endSessions({ variables: { userKey: key } })).data?.endMemberSessions;
      if (result && 'ended' in result) setOutcome({ severity: 'success', text: texts.ended(result.ended) });
      else setOutcome({ severity: 'error', text: result && 'message' in result ? result.message : texts.failed });
    } catch {
      setOutcome({ severity: 'error', text: texts.failed });
    }
  }

  return (
    <section aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title">{texts.title}</h2>
      <p className="muted">{texts.intro}</p>
      <div className="field">
        <label htmlFor="sessions-user">{texts.userKey}</label>
        <input id="sessions-user" type="text" value={userKey} onChange={(e) => setUserKey(e.target.value)} autoComplete="off" />
      </div>
      <div className="actions">
        <ConfirmButton
          label={texts.button}
          title={texts.confirmTitle}
          body={<p>{texts.confirmBody(key)}</p>}
          confirmLabel={texts.confirm}
          keepLabel={texts.keep}
          disabled={loading || !key}
          danger
          onConfirm={() => void onConfirm()}
        />
      </div>
      {outcome && (
        <Notice severity={outcome.severity} testId="sessions-outcome">
          {outcome.text}
        </Notice>
      )}
    </section>
  );
}
