/**
 * Polls a condition until it holds or the deadline passes: the one way tests wait, never a blind sleep.
 * The condition may throw to abort at once.
 */
export async function waitFor<T>(
  condition: () => T | undefined | false | Promise<T | undefined | false>,
  options: { timeoutMs?: number; intervalMs?: number; message?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(options.message?.() ?? "condition not met before the deadline");
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
}
