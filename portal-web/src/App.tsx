import { KeepRegistrationLink } from './components/KeepRegistrationLink';
import { useLocation } from './lib/navigation';
import { matchRoute } from './lib/routes';
import { texts } from './lib/texts';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { PaymentReturnRoute } from './routes/PaymentReturnRoute';
import { RegisterRoute } from './routes/RegisterRoute';

function CurrentRoute() {
  const location = useLocation();
  const route = matchRoute(location.pathname);
  switch (route.name) {
    case 'register':
      // Keyed by period: another period is another registration, with fresh state.
      return <RegisterRoute key={route.periodParam} location={location} periodParam={route.periodParam} pathUserKey={route.pathUserKey} />;
    case 'paymentReturn':
      return <PaymentReturnRoute location={location} />;
    case 'notFound':
      return <NotFoundRoute />;
  }
}

export function App() {
  return (
    <>
      <a className="skip-link" href="#main">
        {texts.app.skipToContent}
      </a>
      <header className="site-header">
        <p className="site-name">{texts.app.name}</p>
        <KeepRegistrationLink />
      </header>
      <main id="main" tabIndex={-1}>
        <CurrentRoute />
      </main>
    </>
  );
}
