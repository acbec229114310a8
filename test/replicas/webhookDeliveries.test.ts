import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Address } from "viem";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";
import { CHAIN_ID, type Cluster, inParallel, recipient, startCluster } from "./cluster.js";

/**
 * Webhook deliveries with two API replicas on one database (docs/deploy.md: every replica claims due deliveries with
 * FOR UPDATE SKIP LOCKED): a burst of mints sent to both gives each event to the receiver once, and both replicas
 * deliver. A claim is quick, so two replicas' claims seldom overlap by chance; a trigger of the test makes each take
 * CLAIM_MS (as on a loaded database), so that they overlap all the time and each reads deliveries the other is claiming.
 * Which replica sent a request is told by the connection it came on: the receiver looks up which replica's processes
 * hold the other end of the socket (/proc), as `ss -p` would.
 */
const MINTS = 100;
/** After the last expected event: many delivery passes (100 ms each) in which a duplicate would show. */
const SETTLE_MS = 3_000;
/** How long each claim is made to take: several passes (one every 100 ms) of the other replica. */
const CLAIM_MS = 300;

type Received = { headers: Record<string, string>; body: string; event: { id: string; type: string; data: any }; replica: number };

let cluster: Cluster;
let collection: Address;
let server: http.Server;
let url: string;
const received: Received[] = [];
/** Each replica's processes, read once they run. */
let replicaProcesses: number[][] = [];
/** The replica at the other end of each connection the receiver accepted (-1: none of them). */
const connectionReplica = new WeakMap<Socket, number>();

/** The inode of the socket whose local port is `clientPort` and remote port `serverPort`, from /proc/net/tcp. */
function socketInode(clientPort: number, serverPort: number): string | undefined {
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const port = (address: string) => parseInt(address.split(":").at(-1)!, 16);
      if (port(fields[1]!) === clientPort && port(fields[2]!) === serverPort) return fields[9];
    }
  }
  return undefined;
}

/** Which replica's processes hold the socket `inode` open. */
function replicaHolding(inode: string | undefined): number {
  if (inode === undefined) return -1;
  const link = `socket:[${inode}]`;
  for (const [index, pids] of replicaProcesses.entries()) {
    for (const pid of pids) {
      let fds: string[];
      try {
        fds = fs.readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === link) return index;
        } catch {
          // closed meanwhile
        }
      }
    }
  }
  return -1;
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ headers, body, event: JSON.parse(body), replica: connectionReplica.get(request.socket) ?? -1 });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  // Looked up as the connection opens, while the replica's end of it certainly exists.
  server.on("connection", (socket: Socket) => {
    connectionReplica.set(socket, replicaHolding(socketInode(socket.remotePort!, (server.address() as AddressInfo).port)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

  cluster = await startCluster({ replicas: 2, replicaEnv: { TOKENHUB_WEBHOOK_ALLOW_PRIVATE: "true" } });
  replicaProcesses = cluster.replicas.map((replica) => replica.processes());
  // Fires before the statement reads any row, after it took its snapshot: claims, and the other writes of leases.
  await cluster.pool.query(`
    CREATE FUNCTION public.slow_claim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_sleep(${CLAIM_MS / 1000});
        RETURN NULL;
      END $$;
    CREATE TRIGGER slow_claim BEFORE UPDATE OF lease_until ON tokenhub_app.webhook_deliveries
      FOR EACH STATEMENT EXECUTE FUNCTION public.slow_claim();`);
  const created = await cluster.call(cluster.replicas[0]!, "POST", "/api/v1/erc721/create", { chainId: CHAIN_ID, name: "Hooked", symbol: "HOOK" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  collection = created.body.contractAddress as Address;
  await waitFor(
    async () =>
      ((await cluster.call(cluster.replicas[1]!, "GET", `/api/v1/collections?chainId=${CHAIN_ID}`)).body.collections as { contractAddress: string }[] | undefined)?.some(
        (listed) => listed.contractAddress.toLowerCase() === collection.toLowerCase(),
      ),
    { timeoutMs: 60_000, message: () => "the collection created through one replica was never listed by the other" },
  );
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
}, 120_000);

/** Every entry of an endpoint's delivery log, page after page. */
async function deliveryLog(replica: TestService, webhookId: string): Promise<Record<string, any>[]> {
  const entries: Record<string, any>[] = [];
  for (let page: number | null = 0; page !== null; ) {
    const answer = await cluster.call(replica, "GET", `/api/v1/webhooks/${webhookId}/deliveries?page=${page}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    entries.push(...(answer.body.deliveries as Record<string, any>[]));
    page = answer.body.nextPage as number | null;
  }
  return entries;
}

describe("webhook deliveries from two replicas", { timeout: 300_000 }, () => {
  it("a burst of mints sent to both replicas gives every mint.confirmed and token.transferred once, signed, delivered by both replicas", async () => {
    const [a, b] = cluster.replicas as [TestService, TestService];
    const subscribed = await cluster.call(a, "POST", "/api/v1/webhooks", { url, events: ["mint.confirmed", "token.transferred"] });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    const { webhookId, secret } = subscribed.body as { webhookId: string; secret: string };

    const ofType = (type: string) => received.filter((request) => request.event.type === type);
    const tokenIds = Array.from({ length: MINTS }, (_, index) => String(index + 1));
    const answers = await inParallel(MINTS, 16, (index) =>
      cluster.call(index % 2 === 0 ? a : b, "POST", "/api/v1/erc721/mint", { chainId: CHAIN_ID, contractAddress: collection, recipientAddress: recipient(index) }),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const operations = new Set(answers.map((answer) => answer.body.operationId as string));
    expect(operations.size).toBe(MINTS);
    const missing = () => {
      const confirmed = new Set(ofType("mint.confirmed").map((request) => request.event.data.operationId as string));
      const transferred = new Set(
        ofType("token.transferred")
          .filter((request) => (request.event.data.contractAddress as string).toLowerCase() === collection.toLowerCase())
          .map((request) => request.event.data.tokenId as string),
      );
      return { mintConfirmed: [...operations].filter((id) => !confirmed.has(id)), tokenTransferred: tokenIds.filter((id) => !transferred.has(id)) };
    };
    await waitFor(
      () => {
        const left = missing();
        return left.mintConfirmed.length === 0 && left.tokenTransferred.length === 0;
      },
      { timeoutMs: 180_000, message: () => `never received: ${JSON.stringify(missing())}` },
    );
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    // Each event once: no webhook-id twice, and exactly the expected events (one per operation, one per token).
    const ids = received.map((request) => request.headers["webhook-id"]!);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated, "webhook-ids received more than once").toEqual([]);
    expect(ofType("mint.confirmed").map((request) => request.event.data.operationId).sort()).toEqual([...operations].sort());
    expect(ofType("token.transferred").map((request) => request.event.data.tokenId).sort()).toEqual([...tokenIds].sort());
    expect(received).toHaveLength(2 * MINTS);
    const minted = ofType("mint.confirmed").flatMap((request) => (request.event.data.minted as { tokenId: string }[]).map((token) => token.tokenId));
    expect(minted.sort()).toEqual([...tokenIds].sort());
    for (const request of received) {
      expect(request.headers["webhook-id"]).toBe(request.event.id);
      expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(request.event);
    }

    // Both replicas delivered (and every connection came from one of them).
    const byReplica = [0, 1].map((index) => received.filter((request) => request.replica === index).length);
    expect(received.filter((request) => request.replica === -1), "requests on a connection of neither replica").toEqual([]);
    expect(byReplica[0], `deliveries per replica: ${byReplica.join(", ")}`).toBeGreaterThan(0);
    expect(byReplica[1], `deliveries per replica: ${byReplica.join(", ")}`).toBeGreaterThan(0);

    // The log, read through either replica, has each delivery delivered at its first attempt.
    const log = await waitFor(async () => {
      const entries = await deliveryLog(b, webhookId);
      return entries.length === 2 * MINTS && entries.every((entry) => entry.status === "delivered") && entries;
    }, { timeoutMs: 30_000, message: () => "the delivery log never showed every delivery delivered" });
    expect(log.map((entry) => entry.eventId).sort()).toEqual([...ids].sort());
    for (const entry of log) expect(entry, entry.eventId).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null });
    expect(await deliveryLog(a, webhookId)).toEqual(log);
  });
});
