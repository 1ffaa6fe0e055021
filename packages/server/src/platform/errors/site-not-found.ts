/** No site answers (an empty database, or no site at all yet): the error handler answers 404 `not-found`. */
export class SiteNotFoundError extends Error {
  constructor() {
    super('This server has no site yet. Run `tessera seed` (or `tessera start`, which seeds an empty database).');
    this.name = 'SiteNotFoundError';
  }
}
