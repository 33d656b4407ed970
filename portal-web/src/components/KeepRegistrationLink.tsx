import { useLocation } from '../lib/navigation';
import { memberLoginUrl, memberSessionOf } from '../lib/memberSignIn';
import { matchRoute, parsePeriodId, registerPath } from '../lib/routes';
import { texts } from '../lib/texts';

/** In the header while a registration is anonymous (contract rule 12): signing in keeps it. */
export function KeepRegistrationLink() {
  const location = useLocation();
  const route = matchRoute(location.pathname);
  if (route.name !== 'register' || memberSessionOf(location.state) !== 'anonymous') return null;
  const periodId = parsePeriodId(route.periodParam);
  if (periodId === null) return null;
  return (
    <a className="header-link" href={memberLoginUrl(registerPath(periodId))}>
      {texts.memberSignIn.keepRegistration}
    </a>
  );
}
