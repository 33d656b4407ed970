import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from '../lib/navigation';
import { importsIndexPath, isImportPath } from './imports/lib/importPaths';
import { importTexts } from './imports/texts';
import { SignedIn } from './SignedIn';
import type { AdminSession } from './session';
import { AppLink } from './ui/AppLink';
import './ui/ui.css';

type SignedInSession = Extract<AdminSession, { signedIn: true }>;

/**
 * The import pages are a chunk of their own, loaded on first use; opened at an import page, it
 * loads beside the session instead of after it. Not React.lazy: a Suspense boundary holds back
 * a ready screen for its reveal throttle (about 300 ms in React 19), on every first visit.
 */
let importPages: ComponentType | null = null;
const loadImportPages = () =>
  import('./imports/ImportPages').then((module) => {
    importPages = module.default;
    return module.default;
  });
if (isImportPath(window.location.pathname)) void loadImportPages();

function ImportPagesChunk() {
  const [Pages, setPages] = useState<ComponentType | null>(() => importPages);
  useEffect(() => {
    if (!Pages) void loadImportPages().then((component) => setPages(() => component));
  }, [Pages]);
  return Pages ? <Pages /> : <p className="muted">{importTexts.loading}</p>;
}

/** The signed-in operator's pages: the console (`/` and its work screens) and the import pages (`/imports/**`). */
export function SignedInPages({ session, onSession }: { session: SignedInSession; onSession: (session: AdminSession) => void }) {
  const location = useLocation();
  return (
    <>
      <nav className="admin-nav" aria-label={importTexts.nav.label}>
        <ul>
          <li>
            <AppLink to="/">{importTexts.nav.console}</AppLink>
          </li>
          <li>
            <AppLink to={importsIndexPath()}>{importTexts.nav.imports}</AppLink>
          </li>
        </ul>
      </nav>
      {isImportPath(location.pathname) ? <ImportPagesChunk /> : <SignedIn session={session} onSession={onSession} />}
    </>
  );
}
