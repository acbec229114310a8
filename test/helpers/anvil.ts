import {
  createTestClient,
  http,
  publicActions,
  walletActions,
  type Hex,
} from "viem";
import { type HDAccount } from "viem/accounts";
import { anvil } from "viem/chains";
import { afterEach, beforeEach } from "vitest";
import { anvilDevAccount, startAnvil, type AnvilInstance } from "../../server/chain/anvil.js";

export type TestChain = Awaited<ReturnType<typeof startTestChain>>;

/**
 * A fresh anvil on a free port with one viem client carrying test, public and wallet actions, and the first dev
 * accounts as local signers. Each test file starts its own and stops it in afterAll.
 */
export async function startTestChain(options: { accounts?: number } = {}) {
  const node: AnvilInstance = await startAnvil({ quiet: true });
  const chain = { ...anvil, rpcUrls: { default: { http: [node.rpcUrl], webSocket: [node.wsUrl] } } };
  const client = createTestClient({ mode: "anvil", chain, transport: http(node.rpcUrl), pollingInterval: 20 })
    .extend(publicActions)
    .extend(walletActions);
  const accounts: HDAccount[] = Array.from({ length: options.accounts ?? 5 }, (_, addressIndex) =>
    anvilDevAccount(addressIndex),
  );
  return { node, chainId: chain.id, client, accounts, stop: () => node.stop() };
}

/** Takes a snapshot now; the returned function rolls the chain back to it (anvil forgets a snapshot once used). */
export async function snapshotChain(chain: TestChain): Promise<() => Promise<void>> {
  const id: Hex = await chain.client.snapshot();
  return () => chain.client.revert({ id });
}

/** Every test of the file starts from the chain as it was after the file's setup: snapshot before, revert after. */
export function isolateEachTest(chain: () => TestChain): void {
  let revert: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    revert = await snapshotChain(chain());
  });
  afterEach(async () => {
    await revert?.();
  });
}
