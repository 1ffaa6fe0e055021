import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/aliases.js';
import { loadOwner } from './owner-session.js';
import { type RoleGroup, rolesAllow } from './roles.js';

export type { OwnerIdentity } from './owner-session.js';
export type { RoleGroup } from './roles.js';

/**
 * A preHandler for owner API routes (`/api/config/*`): 401 `unauthenticated` without an owner
 * session, 403 `forbidden` when none of the owner's roles is in `group`. On success
 * `request.owner = { id, email, websiteId, roles }`.
 *
 *   app.get('/api/config/orders', { preHandler: requireOwner('store') }, handler)
 */
export function requireOwner(group: RoleGroup): preHandlerAsyncHookHandler {
  const guard = async (request: FastifyRequest) => {
    const owner = await loadOwner(request);
    if (!owner) throw new AppError('unauthenticated');
    if (!rolesAllow(owner.roles, group)) throw new AppError('forbidden');
  };
  // The security tests read this to list which group each route declares.
  return Object.assign(guard, { roleGroup: group });
}

/** The role group a handler made by `requireOwner` enforces, if it is one. */
export function roleGroupOf(handler: unknown): RoleGroup | undefined {
  return typeof handler === 'function' ? (handler as { roleGroup?: RoleGroup }).roleGroup : undefined;
}
