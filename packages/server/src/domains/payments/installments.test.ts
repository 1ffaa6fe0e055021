import { describe, expect, it } from 'vitest';
import type { HostedPaymentProvider, ProviderAccountFacts } from './hosted.js';
import { createInstallmentAccounts, installmentSettings, NO_INSTALLMENTS } from './installments.js';
import type { HostedRegistry } from './registry.js';

const US: ProviderAccountFacts = { country: 'US', currency: 'USD', payLaterActive: true };

/** A registry whose one Stripe adapter answers the account with `facts` (a promise the test controls). */
function registryWith(facts: () => Promise<ProviderAccountFacts>): { registry: HostedRegistry; calls: () => number } {
  let calls = 0;
  const provider = {
    id: 'stripe',
    mode: 'test',
    accountFacts: () => {
      calls++;
      return facts();
    },
  } as unknown as HostedPaymentProvider;
  return {
    registry: { providerFor: async () => provider, connected: async () => [provider] },
    calls: () => calls,
  };
}

describe('installment settings from the Stripe account', () => {
  it('offers the line only with buy-now-pay-later active, in the account currency the shop sells in', () => {
    expect(installmentSettings(US, 'usd')).toEqual({
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 200_000,
      stripeAccountCountry: 'US',
    });
    expect(installmentSettings({ country: 'GB', currency: 'GBP', payLaterActive: true }, 'GBP')).toMatchObject({
      afterPayMax: 100_000,
      stripeAccountCountry: 'GB',
    });
    expect(installmentSettings({ ...US, payLaterActive: false }, 'USD')).toBe(NO_INSTALLMENTS);
    expect(installmentSettings(US, 'EUR')).toBe(NO_INSTALLMENTS);
    expect(installmentSettings({ country: 'DE', currency: 'EUR', payLaterActive: true }, 'EUR')).toBe(NO_INSTALLMENTS);
    expect(installmentSettings(undefined, 'USD')).toBe(NO_INSTALLMENTS);
  });

  it('never waits for Stripe on a page: answers what is known and fetches in the background', async () => {
    let answer: (facts: ProviderAccountFacts) => void = () => undefined;
    const { registry, calls } = registryWith(() => new Promise((resolve) => (answer = resolve)));
    const accounts = createInstallmentAccounts({ registry, warn: () => undefined });
    // Stripe has not answered: the page gets "not offered" at once, and one fetch is under way.
    expect(await accounts.settingsFor('site-1', 'USD')).toBe(NO_INSTALLMENTS);
    expect(await accounts.settingsFor('site-1', 'USD')).toBe(NO_INSTALLMENTS);
    expect(calls()).toBe(1);
    const refreshed = accounts.refresh('site-1');
    answer(US);
    await refreshed;
    expect((await accounts.settingsFor('site-1', 'USD')).afterPayAvailable).toBe(true);
    expect(calls()).toBe(1);
  });

  it('keeps what it knew when a later fetch fails or times out, and logs a warning', async () => {
    let next: () => Promise<ProviderAccountFacts> = async () => US;
    const { registry } = registryWith(() => next());
    const warnings: string[] = [];
    const accounts = createInstallmentAccounts({ registry, timeoutMs: 20, warn: (message) => warnings.push(message) });
    await accounts.refresh('site-1');
    next = () => new Promise(() => undefined);
    await accounts.refresh('site-1');
    next = async () => {
      throw new Error('Stripe is down');
    };
    await accounts.refresh('site-1');
    expect(warnings).toHaveLength(2);
    expect((await accounts.settingsFor('site-1', 'USD')).afterPayAvailable).toBe(true);
  });
});
