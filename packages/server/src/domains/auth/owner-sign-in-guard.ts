import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors/aliases.js';
import type { AttemptStore } from './attempt-store.js';
import { clientKey } from '../../platform/http/rate-limit.js';
import type { SignInLimits } from './sign-in-throttle.js';

/**
 * Owner sign-in without a lock anyone can trigger (finding 13 of the 2026-11 review). Five wrong
 * passwords used to keep even the administrator out for 15 minutes, again and again. Now:
 *
 * - per account *and* address, after `ownerFreeFailures` failures each further one doubles a wait
 *   (`ownerDelayBaseMs`, 2×, 4×… up to `ownerDelayCapMs`), answered 429 with `Retry-After`: it slows
 *   the guesser's address, never the owner at another address, and it always ends;
 * - per account (any address), after `accountFailures` failures in the window a solved captcha
 *   must come with the password, so a botnet pays a proof of work per guess while the owner passes;
 * - per address (any account) the usual limit of `addressFailures` still applies;
 * - a right password clears the account's and the pair's counts.
 * The owner has ways back in besides: a reset link by mail and `tessera reset-owner-password`.
 */
export const OWNER_DELAY_DEFAULTS = {
  ownerFreeFailures: 3,
  ownerDelayBaseMs: 5_000,
  ownerDelayCapMs: 15 * 60 * 1000,
  /** How long a pair's failures are remembered (longer than the cap, so delays keep growing). */
  ownerPairWindowMs: 24 * 60 * 60 * 1000,
};

export const CAPTCHA_REQUIRED_MESSAGE =
  'This account had several failed sign-ins. Tick the check box to prove you are a person, then sign in again.';
export const CAPTCHA_FAILED_MESSAGE = 'The check could not be verified. Please tick it again.';

export type OwnerLimits = SignInLimits & typeof OWNER_DELAY_DEFAULTS;

export interface OwnerAttemptScope {
  siteId: string;
  email: string;
  address: string;
  /** Checks and spends the captcha sent with the request; undefined when none came. */
  captcha?: () => Promise<boolean>;
}

/** The wait after `failures` failures of one account from one address (0 while still free). */
export function ownerDelayMs(failures: number, limits: Pick<OwnerLimits, keyof typeof OWNER_DELAY_DEFAULTS>): number {
  if (failures < limits.ownerFreeFailures) return 0;
  const steps = Math.min(failures - limits.ownerFreeFailures, 30);
  return Math.min(limits.ownerDelayBaseMs * 2 ** steps, limits.ownerDelayCapMs);
}

export function throttled(waitMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  const when = retryAfter < 60 ? `${retryAfter} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError(
    'sign-in-throttled',
    `Too many sign-in attempts. Please wait ${when} and try again, or reset your password.`,
    { retryAfter },
  );
}

export class OwnerSignInGuard {
  constructor(
    private readonly store: AttemptStore,
    private readonly limits: OwnerLimits,
  ) {}

  private keys(scope: Pick<OwnerAttemptScope, 'siteId' | 'email' | 'address'>) {
    const network = clientKey(scope.address);
    return {
      account: `owner:${scope.siteId}:${scope.email}`,
      pair: `owner-pair:${scope.siteId}:${scope.email}:${network}`,
      address: `addr:${network}`,
    };
  }

  /** Forgets the account's failures and this address's delay (after a reset by mail). */
  async clear(scope: Pick<OwnerAttemptScope, 'siteId' | 'email' | 'address'>): Promise<void> {
    const keys = this.keys(scope);
    await Promise.all([this.store.reset(keys.account), this.store.reset(keys.pair)]);
  }

  /** Does this account ask for a captcha now (for the sign-in page to show one)? */
  async captchaRequired(scope: Pick<OwnerAttemptScope, 'siteId' | 'email'>): Promise<boolean> {
    return (await this.store.count(`owner:${scope.siteId}:${scope.email}`)) >= this.limits.accountFailures;
  }

  async attempt<T>(
    scope: OwnerAttemptScope,
    check: () => Promise<T | undefined>,
    log?: FastifyBaseLogger,
  ): Promise<T | undefined> {
    const keys = this.keys(scope);
    const where = { kind: 'owner', siteId: scope.siteId, address: scope.address };
    const wait = await this.store.blockedFor(keys.pair);
    if (wait > 0) {
      log?.warn(where, 'owner sign-in delayed');
      throw throttled(wait);
    }
    // Counted as a failure before the password is checked, taken back when it proves right or is
    // not checked (`SignInThrottle`): attempts sent at once each see the ones before them.
    const window = this.limits.failureWindowMs;
    const [addressCount, accountCount] = await Promise.all([
      this.store.hit(keys.address, window),
      this.store.hit(keys.account, window),
    ]);
    const takeBack = () => Promise.all([this.store.release(keys.address), this.store.release(keys.account)]);
    if (addressCount > this.limits.addressFailures) {
      await takeBack();
      log?.warn(where, 'sign-in throttled');
      throw throttled(window);
    }
    let result: T | undefined;
    try {
      if (accountCount > this.limits.accountFailures) {
        if (!scope.captcha) throw new AppError('captcha-required', CAPTCHA_REQUIRED_MESSAGE, { captchaRequired: true });
        if (!(await scope.captcha())) {
          throw new AppError('captcha-failed', CAPTCHA_FAILED_MESSAGE, { captchaRequired: true });
        }
      }
      result = await check();
    } catch (error) {
      await takeBack();
      throw error;
    }
    if (result !== undefined) {
      await Promise.all([
        this.store.reset(keys.account),
        this.store.reset(keys.pair),
        this.store.release(keys.address),
      ]);
      return result;
    }
    log?.info(where, 'sign-in failed');
    const pairFailures = await this.store.hit(keys.pair, this.limits.ownerPairWindowMs);
    const delay = ownerDelayMs(pairFailures, this.limits);
    if (delay > 0) await this.store.block(keys.pair, delay);
    throw new AppError('sign-in-failed', undefined, {
      ...(accountCount >= this.limits.accountFailures ? { captchaRequired: true } : {}),
      ...(delay > 0 ? { retryAfter: Math.ceil(delay / 1000) } : {}),
    });
  }
}
