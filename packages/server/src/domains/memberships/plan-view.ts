import { describeBillingPeriod, moneyText } from '@tessera/core';
import type { AreaAccess } from './access.js';
import type { AreaRow, PlanRow } from './repository.js';

// What the theme shows of an area and its plans (the 106 page, the join page, page 208).

export function planView(plan: PlanRow) {
  const period =
    plan.kind === 'recurring' && plan.interval_unit
      ? describeBillingPeriod({
          value: plan.interval_value ?? 1,
          unit: plan.interval_unit as 'WEEK' | 'MONTH' | 'YEAR',
        })
      : '';
  const price = plan.kind === 'free' ? 'Free' : moneyText(plan.price_cents, plan.currency);
  const duration = plan.kind !== 'recurring' && plan.duration_days ? `for ${plan.duration_days} days` : '';
  return {
    id: plan.id,
    title: plan.title,
    kind: plan.kind,
    isFree: plan.kind === 'free',
    isRecurring: plan.kind === 'recurring',
    price,
    period,
    duration,
    priceCents: plan.price_cents,
    currency: plan.currency,
    joinLabel: plan.kind === 'free' ? 'Join for free' : plan.kind === 'recurring' ? 'Subscribe' : 'Buy access',
  };
}

export function areaView(
  area: AreaRow,
  plans: readonly PlanRow[],
  collections: readonly { slug: string; title: string }[],
  access?: AreaAccess,
) {
  return {
    id: area.id,
    title: area.title,
    description: area.description,
    plans: plans.map(planView),
    pages: collections.map((c) => ({ title: c.title, url: `/${c.slug}` })),
    isMember: access?.active === true,
    until: access?.active && access.until ? access.until.slice(0, 10) : '',
    revoked: access?.source === 'revoked',
  };
}
