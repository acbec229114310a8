import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { issueApiToken } from "../../server/services/projects/apiTokens.js";
import { createProject } from "../../server/services/projects/projects.js";
import { createStore } from "../../server/store/database/db.js";
import { queryDatabase, startTestService, type TestService } from "./service.js";

/**
 * vitest's globalSetup for the service tiers: a broker in vitest's own process that lends running services to test
 * files (test/helpers/sharedService.ts), so that the files that need only a service to talk to do not each boot one
 * (supervisor, PostgreSQL, anvil, Ponder: about 9 CPU-seconds). A file borrows a service for its whole run and gets a
 * project and an admin token of its own: projects isolate by design, so a file that finds another's data has found a
 * bug. Services started with a file's own settings are lent to that file alone and destroyed after it.
 */

export type Lease = {
  id: string;
  baseUrl: string;
  adminToken: string;
  projectName: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  signers: Record<string, string>;
};

/** How long a returned service may take to settle its last borrower's transactions before it is destroyed instead. */
const SETTLE_MS = 60_000;
/**
 * How long a service waits in the idle list before it is destroyed: an idle service still takes about a tenth of a
 * core (its background loops and Ponder's polling), and on a 2-core machine that all test files share, a minute of
 * that costs about as much as booting one again (about 9 CPU-seconds).
 */
const IDLE_MS = 60_000;

declare module "vitest" {
  export interface ProvidedContext {
    serviceBroker: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const idle: TestService[] = [];
  const lent = new Map<string, { service: TestService; shared: boolean }>();
  const settling = new Set<Promise<void>>();
  /** The timer that destroys each idle service, cleared when it is lent again. */
  const reapers = new Map<TestService, NodeJS.Timeout>();
  let leases = 0;

  const lease = async (request: { env?: NodeJS.ProcessEnv; file: string }): Promise<Lease> => {
    const shared = request.env === undefined || Object.keys(request.env).length === 0;
    const reused = shared ? idle.pop() : undefined;
    if (reused) {
      clearTimeout(reapers.get(reused));
      reapers.delete(reused);
    }
    const service = reused ?? (await startTestService({ env: { TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true", ...request.env } }));
    const id = crypto.randomUUID();
    lent.set(id, { service, shared });
    const projectName = `${path.basename(request.file).replace(/\.test\.ts$/, "").replace(/[^a-zA-Z0-9_.-]/g, "-")}-${++leases}`;
    const store = createStore(service.databaseUrl(), { max: 1, name: "tokenhub-test-broker" });
    try {
      const created = await createProject(store.db, projectName);
      const { token } = await issueApiToken(store.db, { projectId: created.id, name: "admin", scopes: ["admin"] });
      return {
        id,
        baseUrl: service.baseUrl,
        adminToken: token,
        projectName,
        dataDir: service.dataDir,
        env: service.env,
        databaseUrl: service.databaseUrl(),
        signers: { "31337": service.signerAddress(31337) },
      };
    } finally {
      await store.close();
    }
  };

  /**
   * A shared service goes back to the idle list once what its last borrower started is done: the transactions it sent
   * are mined and the metadata changes it made are propagated (a transaction ~2 s later), so that the next borrower
   * finds the signer quiet (tests show that a refused request sent nothing by the signer's nonce). One that does not
   * settle within a minute is not lent again.
   */
  const settle = async (service: TestService): Promise<void> => {
    const deadline = Date.now() + SETTLE_MS;
    while (Date.now() < deadline) {
      const [row] = await queryDatabase<{ pending: string }>(
        service.databaseUrl(),
        "SELECT (SELECT count(*) FROM tokenhub_app.transactions WHERE status = 'pending') + (SELECT count(*) FROM tokenhub_app.metadata_changes) AS pending",
      );
      if (Number(row!.pending) === 0) {
        idle.push(service);
        const reap = setTimeout(() => {
          reapers.delete(service);
          idle.splice(idle.indexOf(service), 1);
          const gone = service.destroy().catch(() => undefined);
          settling.add(gone);
          void gone.finally(() => settling.delete(gone));
        }, IDLE_MS);
        reap.unref();
        reapers.set(service, reap);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await service.destroy();
  };

  const release = (id: string): void => {
    const entry = lent.get(id);
    if (!entry) return;
    lent.delete(id);
    const done = (entry.shared ? settle(entry.service) : entry.service.destroy()).catch(() => entry.service.destroy().catch(() => undefined));
    settling.add(done);
    void done.finally(() => settling.delete(done));
  };

  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const answer = async () => {
        const parsed = JSON.parse(body || "{}") as { env?: NodeJS.ProcessEnv; file: string; id: string };
        if (request.url === "/lease") return await lease(parsed);
        if (request.url === "/release") return release(parsed.id);
        throw new Error(`no broker route ${request.url}`);
      };
      answer().then(
        (result) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result ?? {})),
        (error: Error) => response.writeHead(500, { "content-type": "text/plain" }).end(error.stack ?? String(error)),
      );
    });
  });
  // A lease can wait for a whole start-up.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("serviceBroker", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);

  return async () => {
    server.close();
    for (const reap of reapers.values()) clearTimeout(reap);
    await Promise.allSettled(settling);
    await Promise.allSettled([...idle, ...[...lent.values()].map((entry) => entry.service)].map((service) => service.destroy()));
  };
}
