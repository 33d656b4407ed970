import type { MembershipContext } from '../context';
import type { MembershipPeriodView } from '../domain/registration/period';
import { enumValue } from './support';

export const MembershipPeriod = {
  status: (period: MembershipPeriodView) => enumValue(period.status),
  organisation: (period: MembershipPeriodView, _: unknown, ctx: MembershipContext) => ctx.loaders.organisation.load(period.organisationId),
};
