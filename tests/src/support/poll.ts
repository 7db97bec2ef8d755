/**
 * Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`
 * with `what` in the message. Tests never sleep a fixed time; they poll.
 */
export const poll = async <T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  intervalMs = 150,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
};
