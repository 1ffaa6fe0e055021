import { AppError } from '../errors.js';
import type { AttemptStore } from './attempt-store.js';

export interface SignInLimits {
  /** Failed sign-ins to one account before it is locked for the rest of the window. */
  accountFailures: number;
  /** Failed sign-ins from one address (any account) before it is locked. */
  addressFailures: number;
  failureWindowMs: number;
  /** All sign-in requests per address per window (@fastify/rate-limit). */
  requestsPerAddress: number;
  requestWindowMs: number;
}

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
  ): Promise<T | undefined> {
    const account = `${scope.kind}:${scope.siteId}:${scope.email}`;
    const address = `addr:${scope.address}`;
    const [accountCount, addressCount] = await Promise.all([this.store.count(account), this.store.count(address)]);
    if (accountCount >= this.limits.accountFailures || addressCount >= this.limits.addressFailures) {
      throw new AppError('sign-in-throttled');
    }
    const result = await check();
    if (result === undefined) {
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
