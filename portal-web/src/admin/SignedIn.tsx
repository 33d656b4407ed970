import { useApolloClient } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { CurrentTenant } from './CurrentTenant';
import { adminTexts } from './texts';
import { logout, switchTenant, type AdminSession } from './session';
import { OperatorWork } from './work/OperatorWork';

type SignedInSession = Extract<AdminSession, { signedIn: true }>;

/** Who is signed in, the tenant picker, the tenant's organisations, and sign-out. */
export function SignedIn({ session, onSession }: { session: SignedInSession; onSession: (session: AdminSession) => void }) {
  const client = useApolloClient();
  const [chosen, setChosen] = useState(session.registrationSystemId);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const texts = adminTexts.signedIn;

  async function onSwitch(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      const next = await switchTenant(chosen);
      // The session's token now belongs to another tenant: nothing cached from the last one stays.
      await client.clearStore();
      onSession(next);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  async function onLogout() {
    setBusy(true);
    await client.clearStore();
    window.location.assign(await logout());
  }

  return (
    <section aria-labelledby="console-title" data-testid="signed-in">
      <h1 id="console-title" className="page-title">
        {adminTexts.app.name}
      </h1>
      <p data-testid="operator">
        {texts.as} <strong>{session.name ?? session.email}</strong>
        {session.name && session.email ? <span className="muted"> ({session.email})</span> : null}
      </p>
      {session.tenants.length > 1 && (
        <form className="tenant-picker" onSubmit={(e) => void onSwitch(e)}>
          <label htmlFor="tenant">{texts.tenant}</label>
          <select id="tenant" value={chosen} onChange={(e) => setChosen(Number(e.target.value))} disabled={busy}>
            {session.tenants.map((t) => (
              <option key={t.registrationSystemId} value={t.registrationSystemId}>
                {t.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary" disabled={busy || chosen === session.registrationSystemId}>
            {busy ? texts.switching : texts.switchButton}
          </button>
        </form>
      )}
      {failed && (
        <p className="notice notice-error" role="alert">
          {texts.switchFailed}
        </p>
      )}
      <CurrentTenant key={session.registrationSystemId} />
      <OperatorWork key={`work-${session.registrationSystemId}`} />
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={() => void onLogout()} disabled={busy}>
          {texts.logout}
        </button>
      </div>
    </section>
  );
}
