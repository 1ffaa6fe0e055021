import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors/aliases.js';
import type { SignInLimits } from '../../platform/config.js';
import type { AttemptStore } from './attempt-store.js';
import { clientKey } from '../../platform/http/rate-limit.js';

export type { SignInLimits } from '../../platform/config.js';

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  accountFailures: 5,
  addressFailures: 20,
  failureWindowMs: 15 * 60 * 1000,
  requestsPerAddress: 30,
  requestWindowMs: 60 * 1000,
};

/**
 * Guards a password check: refuses with 429 `sign-in-throttled` once the account or the address
 * (an IPv6 client by its /64) has failed too often, counts failures, and clears the account's count
 * on success. Each attempt is counted as a failure before its password is checked and taken back
 * when it proves right or is refused, so attempts sent at once each see the ones before them: a
 * burst gets no more checks than the limits allow.
 */
export class SignInThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly limits: SignInLimits,
  ) {}

  async attempt<T>(
    scope: { kind: 'owner' | 'site-user'; siteId: string; email: string; address: string },
    check: () => Promise<T | undefined>,
    log?: FastifyBaseLogger,
  ): Promise<T | undefined> {
    const account = `${scope.kind}:${scope.siteId}:${scope.email}`;
    const address = `addr:${clientKey(scope.address)}`;
    const window = this.limits.failureWindowMs;
    const [accountCount, addressCount] = await Promise.all([
      this.store.hit(account, window),
      this.store.hit(address, window),
    ]);
    const takeBack = () => Promise.all([this.store.release(account), this.store.release(address)]);
    if (accountCount > this.limits.accountFailures || addressCount > this.limits.addressFailures) {
      await takeBack();
      // Logged without the email: the site, the kind of account and the address are enough to act on.
      log?.warn({ kind: scope.kind, siteId: scope.siteId, address: scope.address }, 'sign-in throttled');
      throw new AppError('sign-in-throttled');
    }
    let result: T | undefined;
    try {
      result = await check();
    } catch (error) {
      await takeBack();
      throw error;
    }
    if (result === undefined) {
      log?.info({ kind: scope.kind, siteId: scope.siteId, address: scope.address }, 'sign-in failed');
    } else {
      await Promise.all([this.store.reset(account), this.store.release(address)]);
    }
    return result;
  }
}
