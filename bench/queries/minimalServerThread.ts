import type { AddressInfo } from "node:net";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { RuntimeConfig } from "../../server/config/runtime.js";
import { createStore } from "../../server/store/database/db.js";
import { openIndexReadPool } from "../lib/indexReadPool.js";
import { createMinimalServer } from "./minimalServer.js";

type MinimalServerOptions = { databaseUrl: string; indexSchema: string; runtime: RuntimeConfig; projectId: string };

export type MinimalServer = { base: string; stop(): Promise<void> };

/**
 * Starts the minimal server (minimalServer.ts) in the benchmark's process, on a thread of its own: the route's server
 * has the Ponder process's event loop to itself, and this one, on the main thread, would share its loop with
 * autocannon's, so that the load generator's work would be counted against the limit it is compared with.
 */
export async function startMinimalServer(options: MinimalServerOptions): Promise<MinimalServer> {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    void exited.then(() => reject(new Error("The minimal server's thread ended before it listened.")));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      worker.postMessage("stop");
      await exited;
    },
  };
}

async function serve(options: MinimalServerOptions): Promise<void> {
  const readPool = await openIndexReadPool(options.databaseUrl, options.indexSchema);
  // The ERC-721 tokens' service reads the app store only for a chat user's addresses, which no lookup names: one
  // connection, never opened.
  const store = createStore(options.databaseUrl, { max: 1, name: "tokenhub-bench-minimal-server" });
  const server = createMinimalServer({ indexDb: readPool.db, store: store.db, runtime: options.runtime, projectId: options.projectId });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  parentPort!.once("message", async () => {
    server.closeAllConnections();
    server.close();
    await Promise.all([readPool.pool.end(), store.close()]);
    parentPort!.close();
  });
  parentPort!.postMessage((server.address() as AddressInfo).port);
}

if (!isMainThread) await serve(workerData as MinimalServerOptions);
