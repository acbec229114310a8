import type { Hex } from "viem";
import type { Logger } from "../../logger.js";
import type { RpcClient } from "./rpc.js";

export type LocalMiner = {
  /** Mines a block if transactions wait in the node's pool and no block came since the previous pass. */
  pass(): Promise<void>;
};

/**
 * The embedded chain (anvil) mines a block when a transaction arrives, and that block takes what fits under its gas
 * limit: a transaction left over waits until the next one arrives, for ever if none does (four batch mints of 500 sent
 * together: the fourth never landed). Each pass notes the head and whether transactions wait; if they waited at the
 * last pass, still wait, and the head has not moved, it mines one block, so a transaction that did not fit lands in
 * the next. A transaction seen waiting at one pass only may be one that has just arrived, which anvil is mining:
 * mining then added an empty block, and the chain's block numbers depended on when the pass looked (a page of
 * docs/cookbook.md answered every block one higher than the run it was recorded from). A chain whose automine is off
 * is someone else's to mine (a test holding blocks back): left alone.
 */
export function createLocalMiner(deps: { rpc: RpcClient; logger: Logger }): LocalMiner {
  let lastHead: bigint | undefined;
  let waitedAtLastPass = false;
  return {
    async pass() {
      const [head, pool, automine] = await deps.rpc.batch([
        { method: "eth_blockNumber", params: [] },
        { method: "txpool_status", params: [] },
        { method: "anvil_getAutomine", params: [] },
      ]);
      if (!head?.ok || !pool?.ok || !automine?.ok) return;
      const number = BigInt(head.result as Hex);
      const waiting = Number((pool.result as { pending: Hex }).pending);
      const stalled = lastHead === number && waitedAtLastPass && waiting > 0 && automine.result === true;
      lastHead = number;
      waitedAtLastPass = waiting > 0;
      if (!stalled) return;
      deps.logger.debug("mining a block for transactions that did not fit in the last", { waiting, head: number });
      await deps.rpc.call("evm_mine", []);
    },
  };
}
