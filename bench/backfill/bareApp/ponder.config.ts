import { createConfig, factory } from "ponder";
import { getAbiItem } from "viem";
import { tokenFactoryAbi, tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../../abis/index.js";

/**
 * The reference of bench/backfill: the same chain, factory and collections as tokenhub's index, each transfer stored
 * as one row of its kind and nothing else. The benchmark gives the chain and the factory in the environment.
 */
const chainId = Number(process.env.BARE_CHAIN_ID);
const tokenFactory = process.env.BARE_TOKEN_FACTORY as `0x${string}`;
const collections = {
  bench: { address: factory({ address: tokenFactory, event: getAbiItem({ abi: tokenFactoryAbi, name: "CollectionCreated" }), parameter: "collection" }), startBlock: 0 },
};

export default createConfig({
  database: { kind: "postgres", connectionString: process.env.DATABASE_URL },
  ordering: "multichain",
  chains: { bench: { id: chainId, rpc: process.env.BARE_RPC_URL } },
  contracts: {
    TokenFactory: { abi: tokenFactoryAbi, chain: { bench: { address: tokenFactory, startBlock: 0 } } },
    Erc20Collection: { abi: tokenHubERC20Abi, chain: collections },
    Erc721Collection: { abi: tokenHubERC721Abi, chain: collections },
    Erc1155Collection: { abi: tokenHubERC1155Abi, chain: collections },
  },
});
