/** How long the object URL outlives the click: some browsers read the Blob after it. */
const REVOKE_AFTER_MS = 1_000;

/**
 * Saves `value` as a pretty-printed JSON file through a temporary `a[download]`, then
 * revokes the object URL so the Blob is freed.
 *
 * @example
 * saveJsonFile(answer.value, exportFileName(new Date()));
 */
export function saveJsonFile(value: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
