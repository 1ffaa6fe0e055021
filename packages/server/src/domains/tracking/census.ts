import { shouldTrack } from '@tessera/core';
import { type BatchCensusName, quickViewParams } from '@tessera/core/contracts/tracking';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { TrackingRow } from '../../platform/db/tracking-tables.js';
import { pathOf, refererPath, type Scope } from './ingest.js';
import { censusForm, formRenderForm } from './ingest-schemas.js';

// The census calls for buttons, forms, overlays and quick views (SPEC §7): what the single routes
// (index.ts) and the batch route (batch-route.ts, issue 20) share, so a call is checked and stored by
// the same rules whichever way it came.

export type CensusName = BatchCensusName | 'button-click';

/** The fields each call is checked with: its single route's form (quick view: the address's `id`). */
export const CENSUS_FIELDS: Record<CensusName, ZodType> = {
  'button-click': censusForm,
  'button-render': censusForm,
  overlay: censusForm,
  'form-render': formRenderForm,
  'quick-view': quickViewParams,
};

type EventFields = Partial<TrackingRow<'tracking_events'>>;

/** A checked call: the page it was made on, whether that page is tracked, and the row's fields. */
export interface CensusCall {
  path: string;
  tracked: boolean;
  fields: EventFields;
}

const visitorOf = (cookie: string) => cookie.split('.')[0] ?? '';

/** Where a call's fields go in its row; `fields` has been parsed with `CENSUS_FIELDS[name]`. */
export function censusCall(name: CensusName, fields: unknown, request: FastifyRequest): CensusCall {
  if (name === 'form-render') {
    const form = fields as { formId: string; visitorCookie: string };
    const path = refererPath(request);
    return { path, tracked: true, fields: { visitor_id: visitorOf(form.visitorCookie), path, item_id: form.formId } };
  }
  if (name === 'quick-view') {
    const path = refererPath(request);
    return { path, tracked: true, fields: { path, item_id: (fields as { id: string }).id } };
  }
  const { visitorCookie, page, ...rest } = fields as { visitorCookie: string; page: string };
  const path = pathOf(page) || refererPath(request);
  return {
    path,
    tracked: shouldTrack({ path }),
    fields: { visitor_id: visitorOf(visitorCookie), path, data: JSON.stringify(rest) },
  };
}

/** The `tracking_events` row of a census call. */
export function censusRow(scope: Scope, id: string, name: string, fields: EventFields): TrackingRow<'tracking_events'> {
  return {
    id,
    site_id: scope.siteId,
    source: 'census',
    name,
    visitor_id: '',
    session_id: '',
    path: '',
    item_id: null,
    value_cents: null,
    currency: null,
    data: '{}',
    created_at: scope.now,
    ...fields,
  };
}
