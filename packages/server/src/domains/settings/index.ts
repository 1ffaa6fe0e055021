// The settings domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export {
  createSiteSettingsStore,
  parseSiteSettings,
  updateSiteSettings,
  updateSiteSettingsIn,
  type SiteSettingsStore,
} from './settings-repository.js';
export { objectOr, ownerOf, withStatus } from './site-settings-store.js';
