// Apart from web-target.ts, whose schemas (effect's Schema) the web app's first page,
// which reads this key in its header, does not carry.

/** The default web-target key, also used when prk is empty at login. */
export const DEFAULT_WEB_TARGET_KEY = "MC";
