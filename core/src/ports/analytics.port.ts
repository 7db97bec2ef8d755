/** A failed request as reported to analytics (see `reportableError`). */
export interface ErrorReport {
  readonly status: number;
  readonly url: string;
  readonly logId: string | null;
  readonly message: string;
}

/** Analytics events; adapters send nothing without the user's consent. */
export interface Analytics {
  pageView(routeName: string, path: string): void;
  event(name: string, data?: Readonly<Record<string, string>>): void;
  reportError(report: ErrorReport): void;
}
