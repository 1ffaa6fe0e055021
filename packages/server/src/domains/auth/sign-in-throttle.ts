import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors/aliases.js';
import type { SignInLimits } from '../../platform/config.js';
import type { AttemptStore } from './attempt-store.js';

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
 * has failed too often, counts failures, and clears the account's count on success.
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
    const address = `addr:${scope.address}`;
    const [accountCount, addressCount] = await Promise.all([this.store.count(account), this.store.count(address)]);
    if (accountCount >= this.limits.accountFailures || addressCount >= this.limits.addressFailures) {
      // Logged without the email: the site, the kind of account and the address are enough to act on.
      log?.warn({ kind: scope.kind, siteId: scope.siteId, address: scope.address }, 'sign-in throttled');
      throw new AppError('sign-in-throttled');
    }
    const result = await check();
    if (result === undefined) {
      log?.info({ kind: scope.kind, siteId: scope.siteId, address: scope.address }, 'sign-in failed');
      await Promise.all([
        this.store.hit(account, this.limits.failureWindowMs),
        this.store.hit(address, this.limits.failureWindowMs),
      ]);
    } else {
      await this.store.reset(account);
    }
    return result;
  }
}
