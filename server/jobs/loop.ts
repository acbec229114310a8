import type { Logger } from "../logger.js";

export type Loop = { start(): void; stop(): Promise<void> };

/**
 * Runs `pass` every `intervalMs`, measured from the end of one pass to the start of the next, so passes never
 * overlap. A failed pass is logged and the next one tries again; stop() waits for the pass in progress.
 */
export function createLoop(pass: () => Promise<void>, options: { intervalMs: number; name: string; logger: Logger }): Loop {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let running = false;

  const run = () => {
    current = pass()
      .catch((error: unknown) => options.logger.warn(`${options.name} failed; retrying on the next pass`, { error }))
      .finally(() => {
        current = undefined;
        if (running) timer = setTimeout(run, options.intervalMs);
      });
  };

  return {
    start() {
      if (running) return;
      running = true;
      timer = setTimeout(run, options.intervalMs);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}
