import type pg from "pg";
import type { ApiLifecycle } from "../http/shutdown.js";
import type { Logger } from "../logger.js";
import { measuredPass, type Metrics } from "../services/observability/metrics.js";
import { createLease } from "../store/coordination/leases.js";
import type { BackgroundJob } from "./backgroundJobs.js";
import { createLoop } from "./loop.js";

/**
 * Starts each job's loop, its passes timed and their failures counted, and registers its stop: after its pass in
 * progress, before the pipeline and the pools, giving its lease back so that another replica takes the job at once.
 */
export function startJobs(jobs: BackgroundJob[], deps: { pool: pg.Pool; replica: string; metrics: Metrics; lifecycle: ApiLifecycle; logger: Logger }): void {
  for (const job of jobs) {
    const lease = createLease({ pool: deps.pool, name: job.name, holder: deps.replica });
    const measured = measuredPass(deps.metrics, job.name, () => job.pass().then(() => undefined));
    const loop = createLoop(job.lease === "every replica" ? measured : () => lease.runIfHeld(measured), { intervalMs: job.periodMs, name: job.name, logger: deps.logger });
    loop.start();
    deps.lifecycle.onShutdown(`the ${job.name} loop`, async () => {
      await loop.stop();
      await lease.release();
    });
  }
}
