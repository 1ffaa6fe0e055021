/** One group of the owner's JavaScript-errors report (`GET /api/config/analytics/errors`): the contract's type. */
export type { ErrorGroup } from '../contracts/analytics.js';
