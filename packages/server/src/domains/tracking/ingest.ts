import { isTrackedAccount, readConsent } from '@tessera/core';
import type { FastifyRequest } from 'fastify';
import type { TrackingRow } from '../../platform/db/tracking-tables.js';
import { parseClientJson } from '../../platform/http/json-depth.js';
import { parseInput } from '../../platform/http/validate.js';
import { deviceOf, referrerHost } from './device.js';
import { fastHitData } from './fast-ingest.js';
import { type HitData, hitData } from './ingest-schemas.js';
import { isoAt } from './row-ids.js';

// What the single ingestion routes (index.ts) and the batch route (batch-route.ts) share: who may be
// recorded, and how a page hit becomes a row.

/** What every stored row shares: the site and the moment. */
export interface Scope {
  siteId: string;
  now: string;
}

/** A request's scope before the page is known: also the roles of a signed-in owner (undefined: none). */
export interface RequestScope extends Scope {
  ownerRoles: readonly number[] | undefined;
}

export function pathOf(value: string | undefined): string {
  if (!value) return '';
  try {
    return new URL(value, 'http://x').pathname;
  } catch {
    return '';
  }
}

export const refererPath = (request: FastifyRequest) => pathOf(request.headers.referer);
export const userAgent = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '').slice(0, 512);

export interface Scopes {
  /** The site of the request, unless it switched tracking off or the visitor declined cookies. */
  requestScope(request: FastifyRequest): Promise<RequestScope | undefined>;
  /** Whether an event of the page at `path` is recorded in `scope` (a signed-in owner mostly is not, SPEC §6). */
  tracksPath(scope: RequestScope, path: string): boolean;
  /** Both at once: the scope when the request may be tracked from the page at `path`. */
  trackedScope(request: FastifyRequest, path: string): Promise<Scope | undefined>;
}

/** Where the scopes come from (the content and auth domains, handed in by the plugin). */
export interface ScopeSources {
  siteForHost(host: string): Promise<{ id: string; websiteSettings: object }>;
  /** The roles of the owner signed in on the request, undefined for anyone else. */
  ownerRoles(request: FastifyRequest): Promise<readonly number[] | undefined>;
}

export function trackingScopes(sources: ScopeSources): Scopes {
  async function requestScope(request: FastifyRequest): Promise<RequestScope | undefined> {
    const site = await sources.siteForHost(request.hostname);
    if ((site.websiteSettings as { trackingEnabled?: unknown }).trackingEnabled === false) return undefined;
    // A visitor who declined cookies is not recorded, even by a script that missed the choice.
    if (readConsent(request.headers.cookie) === 'declined') return undefined;
    return { siteId: site.id, now: isoAt(), ownerRoles: await sources.ownerRoles(request) };
  }
  const tracksPath = (scope: RequestScope, path: string) => isTrackedAccount(scope.ownerRoles, path);
  return {
    requestScope,
    tracksPath,
    async trackedScope(request, path) {
      const scope = await requestScope(request);
      return scope && tracksPath(scope, path) ? scope : undefined;
    },
  };
}

/**
 * RecordHit's `data` text as a hit: the usual hit takes the fast path; anything it cannot vouch for is
 * checked by zod as always (a bad one throws the 400 the route answers).
 */
export function parseHitText(text: string): HitData {
  return fastHitData(text) ?? parseInput(hitData, parseClientJson(text, 'data'), 'hit data');
}

export function hitRow(scope: Scope, id: string, data: HitData, request: FastifyRequest): TrackingRow<'tracking_hits'> {
  return {
    id,
    site_id: scope.siteId,
    visitor_id: data.visitorId,
    visit_id: `${data.visitorId}.${data.visitStart}`,
    session_id: data.sessionId,
    analytics_id: data.analyticsId,
    path: data.path,
    query: data.query,
    referrer_host: referrerHost(data.referrer, request.host),
    device: deviceOf(userAgent(request), data.windowSize),
    page_type: data.pageType ?? null,
    landing: data.landing ? 1 : 0,
    language: data.language,
    created_at: scope.now,
  };
}
