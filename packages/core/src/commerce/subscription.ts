import type { BillingPeriod, BillingPeriodUnit, SubscriptionPlan } from '../product/types.js';

/** SPEC §9: 52 weeks, 12 months or 1 year make a year. */
export function billingPeriodsPerYear(unit: BillingPeriodUnit): number {
  switch (unit) {
    case 'WEEK':
      return 52;
    case 'MONTH':
      return 12;
    case 'YEAR':
      return 1;
  }
}

/** A length of time in one unit, e.g. `{ value: 8, unit: 'MONTH' }`. */
export type Duration = BillingPeriod;

/** Text shown instead of a subscription price when the plan is missing (SPEC §8). */
export const SUBSCRIPTION_UNAVAILABLE = 'Unavailable';

/**
 * How long a subscription runs in total, or undefined when it renews indefinitely
 * (`numBillingCycles` 0 or missing). Lengths that divide evenly into years are given in years
 * (26 × 2 weeks → 1 year, 36 × 1 month → 3 years), others in the billing unit.
 */
export function subscriptionDuration(plan: Partial<SubscriptionPlan> | null | undefined): Duration | undefined {
  const period = plan?.billingPeriod;
  const cycles = plan?.numBillingCycles;
  if (!period || !cycles || cycles <= 0) return undefined;
  const total = period.value * cycles;
  const perYear = billingPeriodsPerYear(period.unit);
  if (period.unit !== 'YEAR' && total % perYear === 0) return { value: total / perYear, unit: 'YEAR' };
  return { value: total, unit: period.unit };
}

const UNIT_WORDS: Readonly<Record<BillingPeriodUnit, [singular: string, plural: string]>> = Object.freeze({
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
});

/** English words for a duration: '1 year', '8 months', '12 weeks'. */
export function formatDuration(duration: Duration): string {
  const [one, many] = UNIT_WORDS[duration.unit];
  return `${duration.value} ${duration.value === 1 ? one : many}`;
}

/** English words for a billing period: 'every week', 'every 2 months'. */
export function describeBillingPeriod(period: BillingPeriod): string {
  const [one, many] = UNIT_WORDS[period.unit];
  return period.value === 1 ? `every ${one}` : `every ${period.value} ${many}`;
}

/**
 * The English plan text shown after a subscription price: 'every 2 weeks for 1 year',
 * 'every month' (indefinite), or undefined without a billing period.
 */
export function describeSubscriptionPlan(plan: Partial<SubscriptionPlan> | null | undefined): string | undefined {
  if (!plan?.billingPeriod) return undefined;
  const every = describeBillingPeriod(plan.billingPeriod);
  const duration = subscriptionDuration(plan);
  return duration ? `${every} for ${formatDuration(duration)}` : every;
}
