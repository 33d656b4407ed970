/** The portal's browser routes (contract "Browser routes of the registration flow"). */
export type RouteMatch =
  { name: 'register'; periodParam: string; pathUserKey: string | null } | { name: 'paymentReturn' } | { name: 'notFound' };

const REGISTER = /^\/membership\/register\/([^/]+)(?:\/([^/]+))?\/?$/;
const PAYMENT_RETURN = /^\/membership\/payment-return\/?$/;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchRoute(pathname: string): RouteMatch {
  const register = REGISTER.exec(pathname);
  if (register) {
    return { name: 'register', periodParam: decode(register[1]!), pathUserKey: register[2] ? decode(register[2]) : null };
  }
  if (PAYMENT_RETURN.test(pathname)) return { name: 'paymentReturn' };
  return { name: 'notFound' };
}

/** A membership period id from the path: a positive integer, nothing else. */
export function parsePeriodId(param: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

export function registerPath(periodId: number): string {
  return `/membership/register/${periodId}`;
}
