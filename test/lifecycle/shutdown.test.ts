import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let collection: Address;

type Answer = {
  recipient: Address;
  /** "not connected": the port was closed when the request was sent (a client slower than the stop), so nothing was done. */
  status: number | "no answer" | "not connected";
  body: Record<string, unknown> | undefined;
  retryAfter: string | null;
  /** It came after the stop was signalled: the request was in flight when the signal arrived. */
  afterStop: boolean;
};

async function call(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
  const response = await fetch(`${service.baseUrl}${pathname}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, retryAfter: response.headers.get("retry-after") };
}

/**
 * 20 mints to 20 fresh recipients at once; `stop` runs once the first is answered, while the others are in flight.
 * Each mint's answer is kept, or "no answer" when the connection closed without one, or "not connected" when the port
 * was already closed (the client sent it after the service stopped).
 */
async function mintsInterruptedBy(stop: () => void): Promise<Answer[]> {
  let stopped = false;
  return await Promise.all(
    Array.from({ length: 20 }, async (): Promise<Answer> => {
      const recipient = privateKeyToAddress(generatePrivateKey());
      try {
        const answer = await call("POST", "/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: recipient });
        const afterStop = stopped;
        if (!stopped) {
          stopped = true;
          stop();
        }
        return { recipient, status: answer.status, body: answer.body, retryAfter: answer.retryAfter, afterStop };
      } catch (error) {
        const cause = (error as Error).cause as NodeJS.ErrnoException | undefined;
        const notConnected = cause?.code === "ECONNREFUSED";
        // What cut it, for the failure's message: a reset of a connection kept alive is not the same bug as a stop.
        const reason = { code: cause?.code, message: cause?.message };
        return { recipient, status: notConnected ? "not connected" : "no answer", body: reason, retryAfter: null, afterStop: true };
      }
    }),
  );
}

/**
 * After a restart: every mint answered 200 is on chain exactly once (its recipient holds one token) and in the index;
 * every mint refused holds nothing; the index counts what the chain counts.
 */
async function expectEveryAnsweredMintLandedOnce(answers: Answer[]): Promise<void> {
  const chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  for (const answer of answers) {
    if (answer.status !== 200) continue;
    await waitFor(async () => (await call("GET", `/api/v1/transactions/${answer.body!.transactionHash as Hex}`)).body.status === "success", {
      timeoutMs: 30_000,
      message: () => `mint to ${answer.recipient} (${answer.body!.transactionHash as string}) did not land`,
    });
  }
  const totalOnChain = await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "totalMinted" });
  await waitFor(
    async () => {
      const [row] = await queryDatabase<{ count: number }>(service.databaseUrl(), "SELECT count(*)::int AS count FROM tokenhub_index.erc721_token WHERE contract = $1", [
        collection.toLowerCase(),
      ]);
      return row!.count === Number(totalOnChain);
    },
    { timeoutMs: 30_000, message: () => `the index does not count the ${totalOnChain} tokens on chain` },
  );
  for (const answer of answers) {
    const balance = await chain.client.readContract({ address: collection, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [answer.recipient] });
    const [indexed] = await queryDatabase<{ count: number }>(
      service.databaseUrl(),
      "SELECT count(*)::int AS count FROM tokenhub_index.erc721_token WHERE contract = $1 AND owner = $2",
      [collection.toLowerCase(), answer.recipient.toLowerCase()],
    );
    // A mint whose connection closed without an answer may have landed (at most once): its client retries it
    // with its Idempotency-Key. Any other answer says exactly what happened.
    const expected = answer.status === 200 ? 1 : answer.status === "no answer" ? Math.min(Number(balance), 1) : 0;
    expect({ recipient: answer.recipient, status: answer.status, balance, indexed: indexed!.count }).toEqual({
      recipient: answer.recipient,
      status: answer.status,
      balance: BigInt(expected),
      indexed: expected,
    });
  }
}

/** What a client may be told while the service stops: an answer, or a 503 refusal before anything was done. */
function expectAnsweredOrRefused(answers: Answer[]): void {
  for (const answer of answers) {
    if (answer.status === 200 || answer.status === "not connected") continue;
    // A cut connection is rare and load-dependent: the service's last output says which process went first.
    const told = answers.map((each) => (each.status === "no answer" ? `no answer (${JSON.stringify(each.body)})` : each.status));
    expect(answer.status, `answers ${JSON.stringify(told)}; the service's last output:\n${service.output().slice(-6000)}`).toBe(503);
    expect(answer.body).toMatchObject({ success: false, code: expect.stringMatching(/^(SHUTTING_DOWN|CHAIN_UNAVAILABLE|DATABASE_UNAVAILABLE)$/) });
    expect(answer.retryAfter).toMatch(/^\d+$/);
  }
  // The stop came once the first mint was answered: the test means something only if others were then in flight and
  // were answered after the signal.
  expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
  expect(answers.filter((answer) => answer.afterStop && typeof answer.status === "number").length).toBeGreaterThan(0);
}

async function expectNothingLeftRunning(): Promise<void> {
  await waitFor(() => service.processes().length === 0, { timeoutMs: 10_000, message: () => `still running: ${service.processes().join(", ")}` });
}

beforeAll(async () => {
  service = await startTestService({ env: { TOKENHUB_SHUTDOWN_GRACE_MS: "10000" } });
  const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Stop", symbol: "STOP" });
  expect(created.status).toBe(200);
  collection = created.body.contractAddress as Address;
  await waitFor(async () => (await call("GET", `/api/v1/transactions/${created.body.transactionHash as Hex}`)).body.status === "success", { timeoutMs: 20_000 });
});

afterAll(async () => {
  await service?.destroy();
});

describe("connections", () => {
  it("keeps an idle connection open 65 s (Keep-Alive: timeout=65), longer than clients and load balancers keep theirs", async () => {
    for (let request = 0; request < 2; request++) {
      const response = await fetch(`${service.baseUrl}/api/v1/collections?chainId=31337`, { headers: { authorization: `Bearer ${service.adminToken}` } });
      await response.text();
      expect(response.headers.get("keep-alive")).toBe("timeout=65");
    }
  });
});

// Each case stops the service under load and starts it again: minutes on a busy 2-core machine.
describe("a stop under load loses nothing", { timeout: 240_000 }, () => {
  it("Ctrl-C (SIGINT to the whole process group) answers or refuses every mint, and each answered one lands once", async () => {
    const answers = await mintsInterruptedBy(() => service.signal("SIGINT", "group"));
    expect(await service.exited()).toBe(0);
    expectAnsweredOrRefused(answers);
    await expectNothingLeftRunning();
    await service.start();
    await expectEveryAnsweredMintLandedOnce(answers);
  });

  it("a second SIGINT 100 ms after the first changes nothing", async () => {
    const answers = await mintsInterruptedBy(() => {
      service.signal("SIGINT", "group");
      setTimeout(() => service.signal("SIGINT", "group"), 100);
    });
    expect(await service.exited()).toBe(0);
    expect(service.output()).toContain("SIGINT while stopping: still stopping");
    expectAnsweredOrRefused(answers);
    await expectNothingLeftRunning();
    await service.start();
    await expectEveryAnsweredMintLandedOnce(answers);
  });

  it("SIGTERM to the supervisor alone", async () => {
    const answers = await mintsInterruptedBy(() => service.signal("SIGTERM", "supervisor"));
    expect(await service.exited()).toBe(0);
    expectAnsweredOrRefused(answers);
    await expectNothingLeftRunning();
    await service.start();
    await expectEveryAnsweredMintLandedOnce(answers);
  });

  it("SIGTERM to the whole process group", async () => {
    const answers = await mintsInterruptedBy(() => service.signal("SIGTERM", "group"));
    expect(await service.exited()).toBe(0);
    expectAnsweredOrRefused(answers);
    await expectNothingLeftRunning();
    await service.start();
    await expectEveryAnsweredMintLandedOnce(answers);
  });

  it("SIGTERM to every process of the service at once (systemd's KillMode=control-group)", async () => {
    const answers = await mintsInterruptedBy(() => service.signal("SIGTERM", "every process"));
    await service.exited();
    // The chain and the database stop at once too: a mint in flight is refused with the reason, never cut.
    expectAnsweredOrRefused(answers);
    await expectNothingLeftRunning();
    await service.start();
    expect(service.output()).not.toMatch(/cut short/);
    await expectEveryAnsweredMintLandedOnce(answers);
  });
});
