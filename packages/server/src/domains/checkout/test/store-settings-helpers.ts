import { expect } from 'vitest';
import type { Visitor } from '../../../../test/visitor.js';

/** Saves store settings as a store manager (`PUT /api/config/settings/store`, must succeed); answers them. */
export async function saveStoreSettings(manager: Visitor, settings: Record<string, unknown>) {
  const saved = await manager.request('PUT', '/api/config/settings/store', { body: settings });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}
