/**
 * Subscription price wording (SPEC §3 subscription, §9): "{price} every 2 weeks
 * for 1 year". Billing periods per year: 52 weeks, 12 months, 1 year; a total
 * duration that divides evenly into years is phrased in years.
 */
import { asNumber, asString, path } from '../values/json.js';

export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export const BILLING_PERIODS_PER_YEAR: Readonly<Record<BillingUnit, number>> = { WEEK: 52, MONTH: 12, YEAR: 1 };

export interface SubscriptionTerms {
  /** Billing every `periodValue` `periodUnit`s. */
  readonly periodValue: number;
  readonly periodUnit: string;
  /** Total length (0 = indefinite), in `durationUnit`s. */
  readonly duration: number;
  readonly durationUnit: string;
  readonly billingCycles: number;
}

/** The plan's terms, or undefined when the item has no billing period. */
export function subscriptionTerms(item: unknown): SubscriptionTerms | undefined {
  const period = path(item, 'structuredContent', 'subscriptionPlan', 'billingPeriod');
  if (period === undefined) return undefined;
  const periodValue = asNumber(path(period, 'value'));
  const periodUnit = asString(path(period, 'unit'));
  const billingCycles = asNumber(path(item, 'structuredContent', 'subscriptionPlan', 'numBillingCycles'));
  let duration = periodValue * billingCycles;
  let durationUnit = periodUnit;
  const perYear = (BILLING_PERIODS_PER_YEAR as Record<string, number>)[periodUnit];
  if (duration > 0 && perYear !== undefined && perYear > 1 && duration % perYear === 0) {
    duration /= perYear;
    durationUnit = 'YEAR';
  }
  return { periodValue, periodUnit, duration, durationUnit, billingCycles };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/**
 * The key under `localizedStrings` that translates this wording, e.g.
 * `productPrice__singlePrice__nWeekly__limited__1Years`.
 */
export function subscriptionStringKey(terms: SubscriptionTerms, multiplePrices: boolean): string {
  const prices = multiplePrices ? 'multiplePrices' : 'singlePrice';
  const period = `${terms.periodValue === 1 ? '1' : 'n'}${capitalize(terms.periodUnit)}ly`;
  const length =
    terms.duration === 0
      ? 'indefinite'
      : `limited__${terms.duration === 1 ? '1' : 'n'}${capitalize(terms.durationUnit)}s`;
  return `productPrice__${prices}__${period}__${length}`;
}

/** The English wording with `{price}`, `{billingPeriodValue}` and `{duration}` placeholders. */
export function defaultSubscriptionWording(terms: SubscriptionTerms, multiplePrices: boolean): string {
  const plural = terms.periodValue > 1;
  let text = `${multiplePrices ? 'from ' : ''}{price} every `;
  text += `${plural ? '{billingPeriodValue} ' : ''}${terms.periodUnit.toLowerCase()}${plural ? 's' : ''}`;
  if (terms.billingCycles > 0) {
    text += ` for {duration} ${terms.durationUnit.toLowerCase()}${terms.duration === 1 ? '' : 's'}`;
  }
  return text;
}
