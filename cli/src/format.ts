/**
 * Text from the portal is shown in a terminal: drop control characters so an
 * answer cannot move the cursor, recolour or rewrite the screen.
 *
 * @example
 * plain("Muster\u001b[2J GmbH"); // "Muster[2J GmbH"
 */
export const plain = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");

/** Width of a text in terminal columns (code points; the CLI prints no wide glyphs). */
const width = (text: string) => [...text].length;

const pad = (text: string, size: number) => text + " ".repeat(Math.max(0, size - width(text)));

/**
 * Label/value lines with the values in one column.
 *
 * @example
 * pairs([["Key", "MC"], ["URL", "https://x"]]); // "Key  MC\nURL  https://x"
 */
export const pairs = (rows: ReadonlyArray<readonly [string, string]>): string => {
  const size = Math.max(0, ...rows.map(([label]) => width(label)));
  return rows.map(([label, value]) => `${pad(label, size)}  ${plain(value)}`.trimEnd()).join("\n");
};

/**
 * A table with a header row; every column as wide as its widest cell.
 *
 * @example
 * table(["#", "Name"], [["1", "Muster GmbH"]]); // "#  Name\n1  Muster GmbH"
 */
export const table = (
  headers: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string>>,
): string => {
  const sizes = headers.map((header, column) =>
    Math.max(width(header), ...rows.map((row) => width(plain(row[column] ?? "")))),
  );
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, column) => pad(plain(cell), sizes[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
};
