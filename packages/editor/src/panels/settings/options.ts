import type { SettingsOptions as SettingsChoices } from '@tessera/core/contracts/settings';
import { type Resource, useResource } from '../shared/resource.js';

/** `GET /api/config/settings/options`: the choices the settings panel offers. */
export type SettingsOptions = Resource<SettingsChoices>;

export function useSettingsOptions(): SettingsOptions {
  return useResource<SettingsChoices>('/api/config/settings/options');
}
