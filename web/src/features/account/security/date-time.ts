/** Dates and times of the security page, in the page's language (local time). */

/**
 * @example
 * formatDateTime(new Date("2026-11-24T20:00:00Z"), "de"); // "24.11.2026, 21:00"
 */
export const formatDateTime = (date: Date, language: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date);
