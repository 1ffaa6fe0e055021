import { type Resource, useResource } from '../shared/resource.js';

/** `GET /api/config/settings/options`: the choices the settings panel offers. */
export interface SettingsChoices {
  currencies: string[];
  timeZones: string[];
  cookiePolicies: string[];
  shareServices: string[];
  mailingLists: { id: string; name: string }[];
  cookieBannerPositions: string[];
  /** Pages the cookie banner's privacy link may point to. */
  pages: { title: string; url: string }[];
}

export type SettingsOptions = Resource<SettingsChoices>;

export function useSettingsOptions(): SettingsOptions {
  return useResource<SettingsChoices>('/api/config/settings/options');
}
