import type { HostedPaymentProvider, ProviderAccountFacts } from './hosted.js';
import type { HostedRegistry } from './registry.js';

/**
 * Installment messaging (issue 17, SPEC §4/§9 "Installment context per item"): whether a product page
 * offers "or 4 payments of …", for which country, between which amounts. It follows the site's
 * connected Stripe account: its country, its default currency and whether a buy-now-pay-later
 * capability (Afterpay/Clearpay or Klarna) is active. The facts are cached per site and fetched in
 * the background; a page render never waits for Stripe. Without Stripe, nothing is offered.
 */

/**
 * Pay-in-4 amounts Afterpay/Clearpay takes through Stripe, per the account's (domestic) currency, in
 * minor units. Another currency (or one the site does not sell in) offers no line.
 */
export const PAY_LATER_LIMITS: Readonly<Record<string, { minCents: number; maxCents: number }>> = Object.freeze({
  USD: { minCents: 100, maxCents: 200_000 },
  CAD: { minCents: 100, maxCents: 200_000 },
  AUD: { minCents: 100, maxCents: 200_000 },
  NZD: { minCents: 100, maxCents: 200_000 },
  GBP: { minCents: 100, maxCents: 100_000 },
});

/** The store settings the page context hands the installment island. */
export interface InstallmentSettings {
  afterPayAvailable: boolean;
  afterPayMin: number | null;
  afterPayMax: number | null;
  stripeAccountCountry: string | null;
}

export const NO_INSTALLMENTS: Readonly<InstallmentSettings> = Object.freeze({
  afterPayAvailable: false,
  afterPayMin: null,
  afterPayMax: null,
  stripeAccountCountry: null,
});

/** The one rule: BNPL active on the account, and the site sells in the account's currency, which has limits. */
export function installmentSettings(
  facts: ProviderAccountFacts | undefined,
  siteCurrency: string,
): Readonly<InstallmentSettings> {
  if (!facts?.payLaterActive || !facts.country || !facts.currency) return NO_INSTALLMENTS;
  const currency = facts.currency.toUpperCase();
  const limits = PAY_LATER_LIMITS[currency];
  if (!limits || currency !== siteCurrency.toUpperCase()) return NO_INSTALLMENTS;
  return {
    afterPayAvailable: true,
    afterPayMin: limits.minCents,
    afterPayMax: limits.maxCents,
    stripeAccountCountry: facts.country.toUpperCase(),
  };
}

export interface InstallmentAccounts {
  /** The site's settings from what is known now; starts a background fetch when due, never waits for it. */
  settingsFor(siteId: string, siteCurrency: string): Promise<Readonly<InstallmentSettings>>;
  /** Fetches the account now (a connection saved or removed, the server starting); waits at most the timeout. */
  refresh(siteId: string): Promise<void>;
}

export interface InstallmentAccountsOptions {
  registry: HostedRegistry;
  warn: (message: string, error: unknown) => void;
  /** How long one fetch of the account may take (default 5 s). */
  timeoutMs?: number;
  /** How long facts stay fresh before a background refresh (default 6 h). */
  maxAgeMs?: number;
  /** After a failed fetch, how long until the next try (default 5 min). */
  retryMs?: number;
  now?: () => number;
}

interface Entry {
  facts?: ProviderAccountFacts;
  /** When the next fetch is due. */
  dueAt: number;
  pending?: Promise<void>;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Stripe did not answer within ${ms} ms.`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createInstallmentAccounts(options: InstallmentAccountsOptions): InstallmentAccounts {
  const { registry, warn } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxAgeMs = options.maxAgeMs ?? 6 * 60 * 60_000;
  const retryMs = options.retryMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  // Per adapter: the registry makes one per set of keys, so a site whose connection changed gets a new
  // adapter and a fresh fetch, and sites sharing the environment's keys share one entry.
  const entries = new WeakMap<HostedPaymentProvider, Entry>();

  /** The site's Stripe adapter and its entry, or none without Stripe. */
  async function entryOf(siteId: string): Promise<{ provider: HostedPaymentProvider; entry: Entry } | undefined> {
    const provider = await registry.providerFor(siteId, 'stripe');
    if (!provider?.accountFacts) return undefined;
    let entry = entries.get(provider);
    if (!entry) {
      entry = { dueAt: Number.NEGATIVE_INFINITY };
      entries.set(provider, entry);
    }
    return { provider, entry };
  }

  function fetchFacts({ provider, entry }: { provider: HostedPaymentProvider; entry: Entry }): Promise<void> {
    entry.pending ??= withTimeout(provider.accountFacts!(), timeoutMs)
      .then((facts) => {
        entry.facts = facts;
        entry.dueAt = now() + maxAgeMs;
      })
      .catch((error) => {
        // Keep what was known; try again later.
        entry.dueAt = now() + retryMs;
        warn('could not read the Stripe account for installment messaging', error);
      })
      .finally(() => {
        entry.pending = undefined;
      });
    return entry.pending;
  }

  return {
    async settingsFor(siteId, siteCurrency) {
      let found: Awaited<ReturnType<typeof entryOf>>;
      try {
        found = await entryOf(siteId);
      } catch (error) {
        warn('could not load the Stripe connection for installment messaging', error);
        return NO_INSTALLMENTS;
      }
      if (!found) return NO_INSTALLMENTS;
      if (now() >= found.entry.dueAt) void fetchFacts(found);
      return installmentSettings(found.entry.facts, siteCurrency);
    },
    async refresh(siteId) {
      const found = await entryOf(siteId).catch((error) => {
        warn('could not load the Stripe connection for installment messaging', error);
        return undefined;
      });
      if (found) await fetchFacts(found);
    },
  };
}
