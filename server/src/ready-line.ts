/** What `main.ts` prints once the server answers (followed by its URL). */
export const READY_LINE = "ready: listening on";
