/**
 * The file name of a person's data export (`GET /persons/me/export`): the server sends it in
 * Content-Disposition and the web app saves the download under it. The day is the UTC day of
 * `now`, so both name one export the same.
 *
 * @example
 * exportFileName(new Date("2026-11-24T09:30:00Z")); // "portal-export-2026-11-24.json"
 */
export const exportFileName = (now: Date): string =>
  `portal-export-${now.toISOString().slice(0, 10)}.json`;
