import { createConfig, factory } from "ponder";
import { fallback, getAbiItem, http } from "viem";
import {
  erc6551RegistryAbi,
  tokenFactoryAbi,
  tokenHubAccountAbi,
  tokenHubERC1155Abi,
  tokenHubERC20Abi,
  tokenHubERC721Abi,
} from "./abis/index.js";
import { EARLIER_GENERATION_NUMBERS, predictGenerationAddresses } from "./server/chain/deployCore.js";
import { limitedTransport } from "./server/chain/rpc/limitedTransport.js";
import { createRpcBudget, indexerRequestsPerSecond } from "./server/chain/rpc/rpcBudget.js";
import { RUNTIME_FILE_ENV, type RuntimeChain, readRuntimeConfig } from "./server/config/runtime.js";

/**
 * The indexer's view of the world, built from what the supervisor resolved (`runtime.json`). Without it (e.g.
 * `ponder codegen` for types) a placeholder local chain keeps the shape.
 */
const PLACEHOLDER = "0x0000000000000000000000000000000000000001" as const;
const runtimeFile = process.env[RUNTIME_FILE_ENV];
const runtime = runtimeFile ? readRuntimeConfig(runtimeFile) : undefined;
// A chain whose RPC was down at start-up is left out: Ponder would not start (it asks every RPC for its chain id).
const chains: RuntimeChain[] = runtime
  ? runtime.chains.filter((chain) => chain.unavailable === undefined)
  : [
      {
        id: 31337,
        name: "local",
        rpcUrl: ["http://127.0.0.1:8545"],
        local: true,
        startBlock: 0,
        genesisHash: "0x",
        coreDeployed: true,
        accountsDeployed: true,
        contracts: [],
        core: {
          erc6551Registry: PLACEHOLDER,
          accountImplementation: PLACEHOLDER,
          erc20Implementation: PLACEHOLDER,
          erc721Implementation: PLACEHOLDER,
          erc1155Implementation: PLACEHOLDER,
          tokenFactory: PLACEHOLDER,
        },
      },
    ];

/** Events every collection kind emits, indexed once per log whatever the kind. */
const SIGNAL_EVENTS = ["MetadataUpdate", "BatchMetadataUpdate", "ContractURIUpdated", "URI", "PermitUsed", "NonceInvalidated"];
const collectionSignalsAbi = tokenHubERC1155Abi.filter(
  (item): item is Extract<(typeof tokenHubERC1155Abi)[number], { type: "event" }> =>
    item.type === "event" && SIGNAL_EVENTS.includes(item.name),
);

const collectionCreated = getAbiItem({ abi: tokenFactoryAbi, name: "CollectionCreated" });
const accountCreated = getAbiItem({ abi: erc6551RegistryAbi, name: "ERC6551AccountCreated" });

function perChain<T>(build: (chain: RuntimeChain) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  for (const chain of chains) {
    const value = build(chain);
    if (value !== undefined) out[chain.name] = value;
  }
  return out;
}

/** Today's factory and earlier generations', whose collections live on (where one was never deployed it emits nothing). */
const tokenFactories = (chain: RuntimeChain) => [chain.core.tokenFactory, ...EARLIER_GENERATION_NUMBERS.map((generation) => predictGenerationAddresses(generation).tokenFactory)];

const factoryChildren = perChain((chain) => ({
  address: factory({ address: tokenFactories(chain), event: collectionCreated, parameter: "collection" }),
  startBlock: chain.startBlock,
}));

function externalOf(kind: "erc20" | "erc721" | "erc1155" | "any") {
  return perChain((chain) => {
    const listed = chain.contracts.filter((contract) => kind === "any" || contract.kind === kind);
    if (listed.length === 0) return undefined;
    const startBlock = Math.min(...listed.map((contract) => contract.startBlock ?? chain.startBlock));
    return { address: listed.map((contract) => contract.address), startBlock };
  });
}

/**
 * A remote chain's RPC as the indexer uses it: within the indexer's share of the chain's calls a second, refused calls
 * tried again until they are answered (Ponder stops the whole process on a call's tenth failure: one chain's RPC would
 * take every chain down), and eth_getLogs ranges that the provider refuses asked again in pieces.
 */
function indexerRpc(chain: RuntimeChain) {
  if (chain.rpcLimits === undefined) return chain.rpcUrl.length === 1 ? chain.rpcUrl[0] : chain.rpcUrl;
  const transport = chain.rpcUrl.length === 1 ? http(chain.rpcUrl[0]) : fallback(chain.rpcUrl.map((url) => http(url)));
  return limitedTransport(transport, { budget: createRpcBudget(indexerRequestsPerSecond(chain.rpcLimits.requestsPerSecond)), retries: Number.POSITIVE_INFINITY, maxDelayMs: 10_000 });
}

export default createConfig({
  database: { kind: "postgres", connectionString: process.env.DATABASE_URL, poolConfig: { max: runtime?.connections.index ?? 30 } },
  ordering: "multichain",
  chains: perChain((chain) => ({
    id: chain.id,
    rpc: indexerRpc(chain),
    ws: chain.wsUrl,
    pollingInterval: chain.pollingIntervalMs,
    ethGetLogsBlockRange: chain.rpcLimits?.getLogsBlockRange,
  })),
  contracts: {
    TokenFactory: {
      abi: tokenFactoryAbi,
      chain: perChain((chain) => ({ address: tokenFactories(chain), startBlock: chain.startBlock })),
    },
    Erc20Collection: { abi: tokenHubERC20Abi, chain: factoryChildren },
    Erc721Collection: { abi: tokenHubERC721Abi, chain: factoryChildren },
    Erc1155Collection: { abi: tokenHubERC1155Abi, chain: factoryChildren },
    ExternalErc20: { abi: tokenHubERC20Abi, chain: externalOf("erc20") },
    ExternalErc721: { abi: tokenHubERC721Abi, chain: externalOf("erc721") },
    ExternalErc1155: { abi: tokenHubERC1155Abi, chain: externalOf("erc1155") },
    CollectionSignals: { abi: collectionSignalsAbi, chain: factoryChildren },
    ExternalSignals: { abi: collectionSignalsAbi, chain: externalOf("any") },
    Erc6551Registry: {
      abi: erc6551RegistryAbi,
      chain: perChain((chain) => ({ address: chain.core.erc6551Registry, startBlock: chain.startBlock })),
    },
    TokenhubAccount: {
      abi: tokenHubAccountAbi,
      includeTransactionReceipts: true,
      chain: perChain((chain) => ({
        address: factory({ address: chain.core.erc6551Registry, event: accountCreated, parameter: "account" }),
        startBlock: chain.startBlock,
      })),
    },
  },
});
