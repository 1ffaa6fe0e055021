import type { FastifyRequest } from 'fastify';
import type { OwnerIdentity } from '../auth/index.js';
import type { AppError } from '../../platform/errors/aliases.js';

// The settings repository (one parser, one locked update) lives in site-settings/; the owner API
// reaches it from here as before.
export {
  createSiteSettingsStore,
  type SiteSettingsStore,
  type StoredSettings,
} from './settings-repository.js';

export function ownerOf(request: FastifyRequest): OwnerIdentity {
  const owner = request.owner;
  if (!owner) throw new Error('requireOwner must run before an admin handler.');
  return owner;
}

export function objectOr(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An AppError with a status its code has no catalogue entry for (409 conflicts, 404s of this area). */
export function withStatus(error: AppError, status: number): AppError {
  (error as { status: number }).status = status;
  return error;
}
