import { Registry } from "prom-client";
import { ponderMetrics, SHUTDOWN_ERROR_NAME } from "./ponderInternals.js";

/**
 * What the API process (src/api/index.ts, loaded by Ponder) takes from the Ponder process it runs in: its metrics
 * registry, its shutdown, its handlers of the process's stop signals.
 */

/** Ponder's prom-client registry (its /metrics); outside Ponder (a script, a test) a new one. */
export function ponderRegistry(): Registry {
  const registry = ponderMetrics()?.registry;
  return registry instanceof Registry ? registry : new Registry();
}

/** Whether an uncaught error is Ponder's own shutdown signal, thrown where its work is cut: not a failure. */
export function isPonderShutdown(error: unknown): boolean {
  return (error as Error | undefined)?.name === SHUTDOWN_ERROR_NAME;
}

/** The process events Ponder handles (its bin/utils/exit.js): a signal starts its shutdown, an uncaught error exits. */
export const STOP_EVENTS = ["SIGINT", "SIGTERM", "SIGQUIT", "uncaughtException", "unhandledRejection"] as const;
export type StopEvent = (typeof STOP_EVENTS)[number];

/**
 * Takes the stop events over from Ponder, which installed its handlers before it loaded the API: `handle` gets each
 * event instead, with a function that runs Ponder's own handlers of it (false when there are none).
 */
export function takeOverPonderStopHandlers(handle: (event: StopEvent, args: unknown[], runPonder: () => boolean) => void): void {
  for (const event of STOP_EVENTS) {
    const ponderHandlers = process.listeners(event as "SIGTERM") as ((...args: unknown[]) => void)[];
    process.removeAllListeners(event);
    process.on(event, (...args: unknown[]) =>
      handle(event, args, () => {
        for (const handler of ponderHandlers) handler(...args);
        return ponderHandlers.length > 0;
      }),
    );
  }
}
