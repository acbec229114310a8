import { isRpcError } from "../chain/rpc/rpcErrorKinds.js";
import { isPonderShutdown, takeOverPonderStopHandlers } from "../indexer/ponderRuntime.js";
import type { Logger } from "../logger.js";

/**
 * The API process's way down. Ponder, on SIGINT/SIGTERM, closes its HTTP server within a second and exits within
 * five, whatever the requests in flight are doing: a mint waiting for its nonce would get an empty reply, and the
 * pipeline and background loops would be cut mid-pass. This takes the signals over and first drains:
 * 1. new writes are refused (503 SHUTTING_DOWN with Retry-After), reads still served, until the requests in flight
 *    are done or `graceMs` has passed;
 * 2. every new request is refused, and those in flight are awaited once more;
 * 3. the registered steps run in reverse order of registration (loops, pipeline, listeners, pools);
 * then Ponder's own shutdown runs (indexer, database, exit).
 */
export type ApiLifecycle = {
  /** Counts a request in flight, or says it must be refused because the process is stopping. */
  admit(method: string, path: string): boolean;
  /** The end of a request `admit` counted. */
  release(): void;
  /** A step of stage 3: stops something the composition root created. */
  onShutdown(name: string, step: () => Promise<void>): void;
  /**
   * Takes SIGINT, SIGTERM and SIGQUIT over from Ponder, and its handlers of uncaught errors (which it exits on, as
   * when its database connections are cut): its own handlers run once the drain is done.
   */
  installSignalHandlers(): void;
  /** Runs stages 1-3 (once; later calls get the same promise). */
  drain(reason: string): Promise<void>;
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** GraphQL, SQL over HTTP and holders read with a POST: served while the process drains, as every read is. */
const POST_READS = /^\/(graphql$|sql\/|api\/(v1\/)?holders$)/;
/** Stage 2 waits at least this long, even when stage 1 used up the grace time: reads are short. */
const CLOSING_WAIT_MS = 1_000;

export function createApiLifecycle(deps: { logger: Logger; graceMs: number }): ApiLifecycle {
  let phase: "serving" | "draining" | "closed" = "serving";
  let inFlight = 0;
  const idleWaiters: (() => void)[] = [];
  const steps: { name: string; step: () => Promise<void> }[] = [];
  let draining: Promise<void> | undefined;

  const idle = (timeoutMs: number): Promise<boolean> => {
    if (inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs));
      idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  };

  const run = async (reason: string): Promise<void> => {
    const deadline = Date.now() + deps.graceMs;
    phase = "draining";
    deps.logger.info("stopping: new writes are refused, requests in flight finish", { reason, inFlight, graceMs: deps.graceMs });
    if (!(await idle(deadline - Date.now()))) deps.logger.warn("requests still in flight when the shutdown grace time ended", { inFlight });
    phase = "closed";
    await idle(Math.max(CLOSING_WAIT_MS, deadline - Date.now()));
    for (const { name, step } of steps.splice(0).reverse()) {
      await step().catch((error: unknown) => deps.logger.error(`stopping ${name} failed`, { error }));
    }
    deps.logger.info("stopped the API, its pipeline and background loops");
  };

  const lifecycle: ApiLifecycle = {
    admit(method, path) {
      if (phase === "closed" || (phase === "draining" && WRITE_METHODS.has(method) && !POST_READS.test(path))) return false;
      inFlight++;
      return true;
    },
    release() {
      inFlight--;
      if (inFlight === 0) for (const wake of idleWaiters.splice(0)) wake();
    },
    onShutdown(name, step) {
      steps.push({ name, step });
    },
    drain(reason) {
      draining ??= run(reason);
      return draining;
    },
    installSignalHandlers() {
      // Ponder installed its handlers before it loaded this API: they start its shutdown (server/indexer/ponderRuntime.ts).
      takeOverPonderStopHandlers((event, args, runPonder) => {
        const error = event.startsWith("SIG") ? undefined : args[0];
        if (isPonderShutdown(error)) return;
        // One chain's RPC failing never stops the service: that chain answers 503 (server/chain/rpc/rpcHealth.ts)
        // while the others serve.
        if (error !== undefined && isRpcError(error)) {
          deps.logger.error(`${event} from a chain's RPC: the service goes on`, { error });
          return;
        }
        if (draining !== undefined) {
          if (error === undefined) deps.logger.info(`${event} while stopping: still waiting for requests in flight`);
          else deps.logger.error(`${event} while stopping`, { error });
          return;
        }
        if (error !== undefined) deps.logger.error(`${event}: stopping`, { error });
        void lifecycle.drain(event).finally(() => {
          if (!runPonder()) process.exit(error === undefined ? 0 : 1);
        });
      });
    },
  };
  return lifecycle;
}
