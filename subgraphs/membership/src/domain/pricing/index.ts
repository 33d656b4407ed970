export * from './types';
export { ageOn, ageGroupOn, ageGroupForAge, ADULT_FROM_AGE, SENIOR_FROM_AGE } from './ageGroup';
export { baseFeeFor } from './baseFee';
export { isIsoDate } from './dates';
export { familyPositions } from './family';
export { percentOf, toBasisPoints } from './money';
export { priceWindowOpen, timingWindowAt } from './timing';
export { checkPeriodRules, checkPricingInput } from './validate';
export { quoteOrder, repriceIfWindowClosed, type RepriceResult } from './engine';
