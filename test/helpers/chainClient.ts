import { createTestClient, http, parseEventLogs, publicActions, walletActions, type Address, type Hash } from "viem";
import { anvil } from "viem/chains";
import { tokenFactoryAbi, tokenFactoryBytecode, tokenHubERC20Abi } from "../../abis/index.js";
import { anvilDevAccount } from "../../server/chain/anvil.js";

/**
 * A client for the chain a test service runs, acting as funded anvil dev accounts away from index 0 (the service deploys
 * with index 0), so tests and the service never compete for a nonce.
 */
export function chainClient(rpcUrl: string, chainId: number = anvil.id) {
  const client = createTestClient({ mode: "anvil", chain: { ...anvil, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } }, transport: http(rpcUrl), pollingInterval: 10 })
    .extend(publicActions)
    .extend(walletActions);
  const accounts = [5, 6, 7, 8].map((addressIndex) => anvilDevAccount(addressIndex));
  return { client, accounts };
}

export type ChainClient = ReturnType<typeof chainClient>;

export async function minedReceipt(chain: ChainClient, hash: Hash) {
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return receipt;
}

/** Creates a collection through the factory straight on chain (not through the API) and returns its address. */
export async function createCollectionOnChain(
  chain: ChainClient,
  factory: Address,
  kind: "erc20" | "erc721" | "erc1155",
  options: { name: string; symbol: string; metadataRoot?: string },
): Promise<{ address: Address; receipt: Awaited<ReturnType<typeof minedReceipt>> }> {
  const account = chain.accounts[0]!;
  const root = options.metadataRoot ?? "http://localhost/metadata/";
  const common = { address: factory, abi: tokenFactoryAbi, account, chain: chain.client.chain } as const;
  const hash =
    kind === "erc20"
      ? await chain.client.writeContract({ ...common, functionName: "createERC20", args: [options.name, options.symbol, 6, account.address, [account.address], root] })
      : await chain.client.writeContract({
          ...common,
          functionName: kind === "erc721" ? "createERC721" : "createERC1155",
          args: [options.name, options.symbol, true, account.address, [account.address], root],
        });
  const receipt = await minedReceipt(chain, hash);
  const [created] = parseEventLogs({ abi: tokenFactoryAbi, logs: receipt.logs, eventName: "CollectionCreated" });
  return { address: created!.args.collection, receipt };
}

/** Deploys a TokenFactory over the given implementations (the core contracts of `deployCore`) and returns its address. */
export async function deployTokenFactory(
  chain: ChainClient,
  core: { erc20Implementation: Address; erc721Implementation: Address; erc1155Implementation: Address },
): Promise<Address> {
  const receipt = await minedReceipt(
    chain,
    await chain.client.deployContract({
      abi: tokenFactoryAbi,
      bytecode: tokenFactoryBytecode,
      args: [core.erc20Implementation, core.erc721Implementation, core.erc1155Implementation],
      account: chain.accounts[0]!,
      chain: chain.client.chain,
    }),
  );
  return receipt.contractAddress!;
}

/** Mints `events` ERC-20 transfers of `coin` in transactions of `perTransaction` (one each to `holder(i)`); mined. */
export async function mintErc20InBulk(chain: ChainClient, coin: Address, events: number, perTransaction: number, holder: (index: number) => Address): Promise<void> {
  for (let sent = 0; sent < events; sent += perTransaction) {
    const to = Array.from({ length: perTransaction }, (_, index) => holder(sent + index));
    const hash = await chain.client.writeContract({
      address: coin,
      abi: tokenHubERC20Abi,
      functionName: "mintToMany",
      args: [to, to.map(() => 1n)],
      account: chain.accounts[0]!,
      chain: chain.client.chain,
      gas: 10_000_000n,
    });
    if (sent + perTransaction >= events) await minedReceipt(chain, hash);
  }
}
