import { createConfig, factory } from "ponder";
import { getAbiItem } from "viem";
import { tokenFactoryAbi, tokenHubERC721Abi } from "../../../abis/index.js";

/**
 * The smallest Ponder app that has what tokenhub relies on (test/indexer/ponderContract.test.ts): one chain, an event
 * per block (Tick), a factory (its children are never created: the RPC cache records the factory all the same) and a
 * table with an index. TICK_START changes the app's build id.
 */
export default createConfig({
  database: { kind: "postgres", connectionString: process.env.DATABASE_URL },
  ordering: "multichain",
  chains: { contract: { id: Number(process.env.CONTRACT_CHAIN_ID), rpc: process.env.CONTRACT_RPC_URL, pollingInterval: 100 } },
  contracts: {
    Collection: {
      abi: tokenHubERC721Abi,
      chain: "contract",
      address: factory({
        address: "0x000000000000000000000000000000000000f00d",
        event: getAbiItem({ abi: tokenFactoryAbi, name: "CollectionCreated" }),
        parameter: "collection",
      }),
      startBlock: 0,
    },
  },
  blocks: { Tick: { chain: "contract", interval: 1, startBlock: Number(process.env.TICK_START ?? 0) } },
});
