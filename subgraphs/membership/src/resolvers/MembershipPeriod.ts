import { enumValue, referenced } from './support';
import type { MembershipPeriodResolvers } from './types.generated';

export const MembershipPeriod = {
  status: (period) => enumValue(period.status),
  organisation: (period, _, ctx) =>
    referenced(ctx.loaders.organisation.load(period.organisationId), `organisation of membership period ${period.id}`),
} satisfies MembershipPeriodResolvers;
