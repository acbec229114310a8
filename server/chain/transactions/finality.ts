import type { Hex } from "viem";
import { ChainUnavailableError } from "../../errors.js";
import type { Logger } from "../../logger.js";
import type { RpcClient } from "./rpc.js";
import type { BlockRef } from "./states.js";

/** As the chains file gives it: the RPC's `finalized` block tag, or a number of confirmations. */
export type FinalitySetting = "finalized" | number;

/**
 * When a chain's transactions are final. A chain without a setting uses the `finalized` tag where its RPC serves one
 * (decided from the RPC's first answers), else DEFAULT_CONFIRMATIONS; the local chain, whose blocks only the service
 * makes, is final at once.
 */
export type FinalityRule =
  | { kind: "finalizedTag" }
  | { kind: "confirmations"; depth: number }
  | { kind: "finalizedTagElseConfirmations"; depth: number };

export const DEFAULT_CONFIRMATIONS = 64;

export function finalityRule(chain: { finality?: FinalitySetting; local?: boolean }): FinalityRule {
  if (chain.finality === "finalized") return { kind: "finalizedTag" };
  if (chain.finality !== undefined) return { kind: "confirmations", depth: chain.finality };
  return chain.local ? { kind: "confirmations", depth: 0 } : { kind: "finalizedTagElseConfirmations", depth: DEFAULT_CONFIRMATIONS };
}

/**
 * The chain at one moment: its head, the highest final block (-1 while none is), and whether a block is final as soon
 * as it is mined (a depth of 0 or 1 confirmations: the local chain). Then a receipt from a block mined after the head
 * was read is final too: the receipt proves the chain reached its block.
 */
export type ChainView = { head: BlockRef; finalBlock: bigint; finalWhenMined: boolean };

/** How many blocks, the one holding it included, sit on top of a transaction mined at `blockNumber`. */
export function confirmationsOf(blockNumber: bigint, view: ChainView): number {
  return view.head.blockNumber >= blockNumber ? Number(view.head.blockNumber - blockNumber + 1n) : 0;
}

export type ChainViewReader = {
  /** One JSON-RPC batch: the head, and the `finalized` block where the rule asks the RPC for it. */
  read(): Promise<ChainView>;
};

type RpcBlock = { number: Hex; hash: Hex } | null;

export function createChainViewReader(rpc: RpcClient, rule: FinalityRule, logger: Logger): ChainViewReader {
  // For a chain without a setting: undefined until the RPC has said whether it serves the `finalized` tag.
  let servesTag: boolean | undefined = rule.kind === "finalizedTag" ? true : rule.kind === "confirmations" ? false : undefined;
  let warnedNoTag = false;

  const byDepth = (head: bigint, depth: number) => head - BigInt(Math.max(depth - 1, 0));

  return {
    async read() {
      const askTag = servesTag !== false;
      const [latest, finalized] = await rpc.batch([
        { method: "eth_getBlockByNumber", params: ["latest", false] },
        ...(askTag ? [{ method: "eth_getBlockByNumber", params: ["finalized", false] }] : []),
      ]);
      const head = latest?.ok ? (latest.result as RpcBlock) : null;
      if (head === null) throw new ChainUnavailableError("The chain's RPC did not give its latest block.");
      const view = (finalBlock: bigint, finalWhenMined = false): ChainView => ({ head: { blockNumber: BigInt(head.number), blockHash: head.hash }, finalBlock, finalWhenMined });
      const headNumber = BigInt(head.number);
      if (rule.kind === "confirmations") return view(byDepth(headNumber, rule.depth), rule.depth <= 1);

      const tagged = finalized?.ok ? (finalized.result as RpcBlock) : undefined;
      if (rule.kind === "finalizedTag") {
        if (tagged === undefined && !warnedNoTag) {
          warnedNoTag = true;
          logger.warn("the RPC does not serve the finalized block tag the chain's finality names: no transaction becomes final", {
            error: finalized?.ok === false ? finalized.error.message : undefined,
          });
        }
        return view(tagged ? BigInt(tagged.number) : -1n);
      }
      // A refusal settles it; a node that has no finalized block yet (null) is asked again on the next pass.
      if (finalized?.ok === false) servesTag = false;
      else if (tagged) servesTag = true;
      return view(tagged ? BigInt(tagged.number) : byDepth(headNumber, rule.depth));
    },
  };
}
