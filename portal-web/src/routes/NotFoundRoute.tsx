import { useEffect } from 'react';
import { texts } from '../lib/texts';

export function NotFoundRoute() {
  useEffect(() => {
    document.title = `${texts.app.notFoundTitle} – ${texts.app.name}`;
  }, []);
  return (
    <section className="card" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{texts.app.notFoundTitle}</h1>
      <p>{texts.app.notFoundBody}</p>
    </section>
  );
}
