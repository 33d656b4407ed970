import type { ComponentType } from 'react';
import { useLocation } from '../../lib/navigation';
import { AuditLogScreen } from '../audit/AuditLogScreen';
import { MembersScreen } from '../members/MembersScreen';
import { orderReferenceOf } from '../orders/orderPaths';
import { OrderScreen } from '../orders/OrderScreen';
import { OrdersScreen } from '../orders/OrdersScreen';
import { PersonScreen } from '../persons/PersonScreen';
import { periodIdOf } from '../periods/periodPaths';
import { PeriodScreen } from '../periods/PeriodScreen';
import { PeriodsScreen } from '../periods/PeriodsScreen';
import { ReviewScreen } from '../review/ReviewScreen';
import { SessionsScreen } from '../sessions/SessionsScreen';
import { HandoffsScreen } from '../handoffs/HandoffsScreen';
import { AppLink } from '../ui/AppLink';
import { workTexts } from './texts';
import { WORK_SCREENS, workScreenOf, type WorkScreen } from './workPaths';
import './work.css';

const SCREENS: Record<WorkScreen, ComponentType> = {
  periods: PeriodsRoute,
  members: MembersScreen,
  persons: PersonScreen,
  orders: OrdersRoute,
  review: ReviewScreen,
  handoffs: HandoffsScreen,
  sessions: SessionsScreen,
  audit: AuditLogScreen,
};

/** `/periods` lists, `/periods/<id>` shows one. */
function PeriodsRoute() {
  const { pathname } = useLocation();
  return periodIdOf(pathname) ? <PeriodScreen /> : <PeriodsScreen />;
}

/** `/orders` lists, `/orders/<reference>` shows one. */
function OrdersRoute() {
  const { pathname } = useLocation();
  return orderReferenceOf(pathname) ? <OrderScreen /> : <OrdersScreen />;
}

/** The menu of the operator's tasks and the screen the address names. */
export function OperatorWork() {
  const { pathname } = useLocation();
  const current = workScreenOf(pathname);
  const Screen = current ? SCREENS[current] : null;
  return (
    <>
      <nav aria-label={workTexts.menu} className="work-menu">
        <ul>
          {WORK_SCREENS.filter((s) => s.menu).map(({ screen, path }) => (
            <li key={screen} aria-current={screen === current ? 'page' : undefined}>
              <AppLink to={path}>{workTexts.screens[screen]}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {Screen && <Screen />}
    </>
  );
}
