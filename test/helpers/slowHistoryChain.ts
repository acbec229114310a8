import { tokenHubERC721Abi } from "../../abis/index.js";
import { startAnvil } from "../../server/chain/anvil.js";
import { deployCore } from "../../server/chain/deployCore.js";
import { indexerRequestsPerSecond } from "../../server/chain/rpc/rpcBudget.js";
import { chainClient, createCollectionOnChain, deployTokenFactory, minedReceipt } from "./chainClient.js";

/** A free plan's pace and eth_getLogs range (1,800 empty blocks are mined in about 2 s; 9,000 took anvil over 10 s). */
const REQUESTS_PER_SECOND = 10;
const GET_LOGS_BLOCK_RANGE = 5;

export type SlowHistoryChain = {
  /** The chain's entry for a chains file. */
  entry: { id: number; name: string; rpcUrl: string; startBlock: number; getLogsBlockRange: number; requestsPerSecond: number; contracts: { address: string; kind: "erc721" }[] };
  /** Blocks in the chain's history: the new build asks for their logs in at least blocks / getLogsBlockRange calls. */
  blocks: number;
  stop(): Promise<void>;
};

/**
 * A remote chain whose history a new build of the index must fetch from its RPC, within the indexer's share of the
 * provider's calls a second: added to the chains file at a restart, it makes the new build take at least `seconds`
 * on any machine, however fast it indexes (issue 36: a rebuild slow by construction rather than by the volume of its
 * events, which a fast machine backfills before a test is done with it). A collection with a few tokens, then empty
 * blocks: Ponder asks every range of blocks for their logs, whether or not it finds any. `seconds` is the floor of
 * one call a range; Ponder makes several (one per kind of source and more: 200 blocks took it 65 s, about 6.5 times
 * the floor), so the build takes several times longer.
 */
export async function startSlowHistoryChain(options: { chainId: number; name: string; seconds: number }): Promise<SlowHistoryChain> {
  const node = await startAnvil({ chainId: options.chainId, quiet: true });
  try {
    const chain = chainClient(node.rpcUrl, options.chainId);
    const { addresses } = await deployCore(chain.client, chain.accounts[0]!);
    const factory = await deployTokenFactory(chain, addresses);
    const collection = (await createCollectionOnChain(chain, factory, "erc721", { name: "Old", symbol: "OLD" })).address;
    await minedReceipt(
      chain,
      await chain.client.writeContract({ address: collection, abi: tokenHubERC721Abi, functionName: "mintTo", args: [chain.accounts[0]!.address, 5n], account: chain.accounts[0]!, chain: chain.client.chain }),
    );
    const blocks = Math.ceil(options.seconds * indexerRequestsPerSecond(REQUESTS_PER_SECOND) * GET_LOGS_BLOCK_RANGE);
    const height = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
    if (height < blocks) await chain.client.mine({ blocks: blocks - height });
    return {
      entry: {
        id: options.chainId,
        name: options.name,
        rpcUrl: node.rpcUrl,
        startBlock: 0,
        getLogsBlockRange: GET_LOGS_BLOCK_RANGE,
        requestsPerSecond: REQUESTS_PER_SECOND,
        contracts: [{ address: collection, kind: "erc721" }],
      },
      blocks,
      stop: () => node.stop(),
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
