import { describe, expect, it } from 'vitest';
import {
  billingPeriodsPerYear,
  describeBillingPeriod,
  describeSubscriptionPlan,
  formatDuration,
  SUBSCRIPTION_UNAVAILABLE,
  subscriptionDuration,
} from './subscription.js';

describe('billingPeriodsPerYear', () => {
  it('counts 52 weeks, 12 months, 1 year', () => {
    expect(billingPeriodsPerYear('WEEK')).toBe(52);
    expect(billingPeriodsPerYear('MONTH')).toBe(12);
    expect(billingPeriodsPerYear('YEAR')).toBe(1);
  });
});

describe('subscriptionDuration', () => {
  it('is undefined for indefinite plans', () => {
    expect(subscriptionDuration({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 })).toBeUndefined();
    expect(subscriptionDuration({ billingPeriod: { value: 1, unit: 'MONTH' } })).toBeUndefined();
    expect(subscriptionDuration(undefined)).toBeUndefined();
  });

  it('multiplies the period by the cycles', () => {
    expect(subscriptionDuration({ billingPeriod: { value: 2, unit: 'MONTH' }, numBillingCycles: 4 })).toEqual({
      value: 8,
      unit: 'MONTH',
    });
    expect(subscriptionDuration({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 })).toEqual({
      value: 12,
      unit: 'WEEK',
    });
  });

  it('phrases lengths that divide evenly into years in years', () => {
    expect(subscriptionDuration({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 })).toEqual({
      value: 1,
      unit: 'YEAR',
    });
    expect(subscriptionDuration({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 36 })).toEqual({
      value: 3,
      unit: 'YEAR',
    });
    expect(subscriptionDuration({ billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 2 })).toEqual({
      value: 2,
      unit: 'YEAR',
    });
  });
});

describe('plan wording', () => {
  it('describes periods and durations', () => {
    expect(describeBillingPeriod({ value: 1, unit: 'WEEK' })).toBe('every week');
    expect(describeBillingPeriod({ value: 2, unit: 'MONTH' })).toBe('every 2 months');
    expect(formatDuration({ value: 1, unit: 'YEAR' })).toBe('1 year');
    expect(formatDuration({ value: 14, unit: 'MONTH' })).toBe('14 months');
  });

  it('matches the product-price template vectors', () => {
    const plan = (value: number, unit: 'WEEK' | 'MONTH', numBillingCycles?: number) =>
      describeSubscriptionPlan({ billingPeriod: { value, unit }, numBillingCycles });
    expect(plan(2, 'MONTH', 4)).toBe('every 2 months for 8 months');
    expect(plan(2, 'WEEK', 26)).toBe('every 2 weeks for 1 year');
    expect(plan(2, 'WEEK', 6)).toBe('every 2 weeks for 12 weeks');
    expect(plan(1, 'MONTH', 36)).toBe('every month for 3 years');
    expect(plan(1, 'WEEK', 6)).toBe('every week for 6 weeks');
    expect(plan(1, 'MONTH')).toBe('every month');
    expect(describeSubscriptionPlan(undefined)).toBeUndefined();
    expect(SUBSCRIPTION_UNAVAILABLE).toBe('Unavailable');
  });
});
