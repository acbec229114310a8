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
 * together: the fourth never landed). Each pass notes the head; if transactions still wait at the next pass and the
 * head has not moved, it mines one block, so a transaction that did not fit lands in the next. A chain whose automine
 * is off is someone else's to mine (a test holding blocks back): left alone.
 */
export function createLocalMiner(deps: { rpc: RpcClient; logger: Logger }): LocalMiner {
  let lastHead: bigint | undefined;
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
      const stalled = lastHead === number && waiting > 0 && automine.result === true;
      lastHead = number;
      if (!stalled) return;
      deps.logger.debug("mining a block for transactions that did not fit in the last", { waiting, head: number });
      await deps.rpc.call("evm_mine", []);
    },
  };
}
