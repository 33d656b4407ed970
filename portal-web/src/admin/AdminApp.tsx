import { useEffect, useState } from 'react';
import { SignedInPages } from './SignedInPages';
import { adminTexts, signInProblemText } from './texts';
import { loadSession, SIGN_IN_PATH, type AdminSession } from './session';

type Loaded = { state: 'loading' } | { state: 'unavailable' } | { state: 'ready'; session: AdminSession };

/** The admin portal: signed out, a sign-in button (and why the last one failed); signed in, the operator's console. */
export function AdminApp() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    loadSession().then(
      (session) => setLoaded({ state: 'ready', session }),
      () => setLoaded({ state: 'unavailable' }),
    );
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        {adminTexts.app.skipToContent}
      </a>
      <header className="site-header">
        <p className="site-name">{adminTexts.app.name}</p>
      </header>
      <main id="main" tabIndex={-1}>
        {loaded.state === 'loading' && <p className="muted">{adminTexts.signedIn.loading}</p>}
        {loaded.state === 'unavailable' && (
          <p className="notice notice-error" role="alert">
            {adminTexts.unavailable}
          </p>
        )}
        {loaded.state === 'ready' &&
          (loaded.session.signedIn ? (
            <SignedInPages session={loaded.session} onSession={(session) => setLoaded({ state: 'ready', session })} />
          ) : (
            <SignedOut />
          ))}
      </main>
    </>
  );
}

function SignedOut() {
  const problem = signInProblemText(window.location.search);
  return (
    <section aria-labelledby="sign-in-title" data-testid="signed-out">
      <h1 id="sign-in-title" className="page-title">
        {adminTexts.signedOut.title}
      </h1>
      {problem && (
        <p className="notice notice-error" role="alert" data-testid="sign-in-problem" data-problem={problem.problem}>
          {problem.text}
        </p>
      )}
      <p>{adminTexts.signedOut.intro}</p>
      <div className="actions">
        <a className="button button-primary" href={SIGN_IN_PATH}>
          {adminTexts.signedOut.button}
        </a>
      </div>
    </section>
  );
}
