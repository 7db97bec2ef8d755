/** Median of a non-empty list. */
export const median = (values: readonly number[]): number => percentile(values, 50);

/** Nearest-rank percentile `p` (0 to 100) of a non-empty list. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
};

/** Rounds for display: 1 decimal below 100, none above. */
export const fmt = (n: number | undefined, unit = ""): string =>
  n === undefined || Number.isNaN(n) ? "n/a" : `${n < 100 ? n.toFixed(1) : Math.round(n)}${unit}`;

/** A row of a printed table: column name to cell text. */
export type Row = Record<string, string>;

/** Prints `rows` as an aligned text table under `title`. */
export const printTable = (title: string, rows: readonly Row[]): void => {
  console.log(`\n## ${title}`);
  if (rows.length === 0) {
    console.log("(no rows)");
    return;
  }
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i]!)).join(" | ")} |`;
  console.log(line(cols));
  console.log(`|${width.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(cols.map((c) => r[c] ?? "")));
};

/** Verdict cell of a figure against its aim. */
export const verdict = (ok: boolean | undefined): string =>
  ok === undefined ? "n/a" : ok ? "ok" : "OVER";
