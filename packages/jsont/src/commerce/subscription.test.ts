import { describe, expect, it } from 'vitest';
import { defaultSubscriptionWording, subscriptionStringKey, subscriptionTerms } from './subscription.js';

const plan = (unit: string, value: number, numBillingCycles?: number) => ({
  structuredContent: { subscriptionPlan: { billingPeriod: { unit, value }, numBillingCycles } },
});

describe('subscription wording', () => {
  it('has no terms without a billing period', () => {
    expect(subscriptionTerms({ structuredContent: {} })).toBeUndefined();
  });

  it('phrases durations that divide evenly into years in years', () => {
    const biweeklyYear = subscriptionTerms(plan('WEEK', 2, 26));
    expect(biweeklyYear).toMatchObject({ duration: 1, durationUnit: 'YEAR' });
    expect(defaultSubscriptionWording(biweeklyYear!, false)).toBe(
      '{price} every {billingPeriodValue} weeks for {duration} year',
    );
    expect(subscriptionTerms(plan('MONTH', 1, 36))).toMatchObject({ duration: 3, durationUnit: 'YEAR' });
    expect(subscriptionTerms(plan('MONTH', 2, 4))).toMatchObject({ duration: 8, durationUnit: 'MONTH' });
  });

  it('leaves indefinite plans without a duration', () => {
    const terms = subscriptionTerms(plan('WEEK', 1))!;
    expect(defaultSubscriptionWording(terms, true)).toBe('from {price} every week');
    expect(subscriptionStringKey(terms, true)).toBe('productPrice__multiplePrices__1Weekly__indefinite');
  });

  it('names the localized string after prices, period and length', () => {
    expect(subscriptionStringKey(subscriptionTerms(plan('WEEK', 5, 3))!, false)).toBe(
      'productPrice__singlePrice__nWeekly__limited__nWeeks',
    );
    expect(subscriptionStringKey(subscriptionTerms(plan('MONTH', 1, 12))!, false)).toBe(
      'productPrice__singlePrice__1Monthly__limited__1Years',
    );
  });
});
