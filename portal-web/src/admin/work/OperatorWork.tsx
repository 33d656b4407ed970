import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from '../../lib/navigation';
import { orderReferenceOf } from '../orders/orderPaths';
import { periodIdOf } from '../periods/periodPaths';
import { AppLink } from '../ui/AppLink';
import { workTexts } from './texts';
import { WORK_SCREENS, workScreenOf, type WorkScreen } from './workPaths';
import './work.css';

/**
 * Each screen is a chunk of its own, fetched when first opened: the admin portal's initial
 * JavaScript stays within its budget (npm run size:admin) however many screens the console has.
 */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): ComponentType {
  return lazy(async () => ({ default: pick(await load()) }));
}

const AuditLogScreen = screen(
  () => import('../audit/AuditLogScreen'),
  (m) => m.AuditLogScreen,
);
const MembersScreen = screen(
  () => import('../members/MembersScreen'),
  (m) => m.MembersScreen,
);
const PersonScreen = screen(
  () => import('../persons/PersonScreen'),
  (m) => m.PersonScreen,
);
const OrderScreen = screen(
  () => import('../orders/OrderScreen'),
  (m) => m.OrderScreen,
);
const OrdersScreen = screen(
  () => import('../orders/OrdersScreen'),
  (m) => m.OrdersScreen,
);
const PeriodScreen = screen(
  () => import('../periods/PeriodScreen'),
  (m) => m.PeriodScreen,
);
const PeriodsScreen = screen(
  () => import('../periods/PeriodsScreen'),
  (m) => m.PeriodsScreen,
);
const ReviewScreen = screen(
  () => import('../review/ReviewScreen'),
  (m) => m.ReviewScreen,
);
const SessionsScreen = screen(
  () => import('../sessions/SessionsScreen'),
  (m) => m.SessionsScreen,
);
const HandoffsScreen = screen(
  () => import('../handoffs/HandoffsScreen'),
  (m) => m.HandoffsScreen,
);
const ApiKeysScreen = screen(
  () => import('../apiKeys/ApiKeysScreen'),
  (m) => m.ApiKeysScreen,
);

const SCREENS: Record<WorkScreen, ComponentType> = {
  periods: PeriodsRoute,
  members: MembersScreen,
  persons: PersonScreen,
  orders: OrdersRoute,
  review: ReviewScreen,
  handoffs: HandoffsScreen,
  sessions: SessionsScreen,
  apiKeys: ApiKeysScreen,
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
      {Screen && (
        <Suspense fallback={<p className="muted">{workTexts.loading}</p>}>
          <Screen />
        </Suspense>
      )}
    </>
  );
}
