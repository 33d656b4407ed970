import { useLocation } from '../../lib/navigation';
import { AppLink } from '../ui/AppLink';
import { FLOW_SCREENS } from './flowScreens';
import { ImportHost } from './host/ImportHost';
import { FLOW_ORDER } from './lib/flows';
import { importsIndexPath, matchImportRoute, uploadPath } from './lib/importPaths';
import { importTexts } from './texts';
import './imports.css';

/**
 * The import pages of the admin portal, loaded on first use (a chunk of their own: the console's
 * first screen does not wait for them). Keyed by path, so another job or flow starts afresh.
 */
export default function ImportPages() {
  const location = useLocation();
  const route = matchImportRoute(location.pathname);
  switch (route.name) {
    case 'index':
      return <ImportsIndex />;
    case 'upload': {
      const { Upload } = FLOW_SCREENS[route.flow.callerKey];
      return <Upload key={location.pathname} />;
    }
    case 'host':
      return <ImportHost key={route.jobId} jobId={route.jobId} />;
    case 'summary': {
      const { Summary } = FLOW_SCREENS[route.flow.callerKey];
      return <Summary key={route.jobId} jobId={route.jobId} />;
    }
    case 'notFound':
      return (
        <section className="import-page" aria-labelledby="not-found-title">
          <h1 id="not-found-title">{importTexts.pageNotFound}</h1>
          <AppLink to={importsIndexPath()}>{importTexts.backToImports}</AppLink>
        </section>
      );
  }
}

function ImportsIndex() {
  return (
    <section className="import-page" aria-labelledby="imports-title" data-testid="imports-index">
      <h1 id="imports-title">{importTexts.index.title}</h1>
      <p>{importTexts.index.intro}</p>
      <ul className="flow-list">
        {FLOW_ORDER.map((key) => (
          <li key={key} className="card">
            <h2>
              <AppLink to={uploadPath(key)}>{importTexts.flows[key].title}</AppLink>
            </h2>
            <p>{importTexts.flows[key].intro}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
