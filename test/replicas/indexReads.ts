import { type Address, getAddress, type Hex, parseEther, parseEventLogs } from "viem";
import { tokenHubAccountAbi, tokenHubERC721Abi } from "../../abis/index.js";
import { type ChainClient, minedReceipt } from "../helpers/chainClient.js";

/**
 * What the zero-downtime test reads on its existing chain: the data every index read route answers about, made
 * through the API, and the requests that poll each such route of the OpenAPI document.
 */
export type IndexData = {
  chainId: number;
  nft: Address;
  coin: Address;
  items: Address;
  /** A cloud key of the project, holding an NFT whose ERC-6551 account the service relayed a call through. */
  key: Address;
  relayedAccount: Address;
  /** An anvil account holding an NFT whose ERC-6551 account it called itself: that call is known from the index only. */
  holder: Address;
  directAccount: Address;
  /** An ERC-721 permit the holder redeemed (its status read from the index), and an ERC-20 one it left open. */
  redeemedPermit: string;
  openPermit: string;
};

type Post = (pathname: string, body: unknown) => Promise<Record<string, unknown>>;

const RECIPIENT = getAddress("0x00000000000000000000000000000000000c0ffe");

/** The id of the ERC-721 token a mined transaction sent to `owner`. */
function mintedTo(receipt: Awaited<ReturnType<typeof minedReceipt>>, owner: Address): string {
  const transfers = parseEventLogs({ abi: tokenHubERC721Abi, logs: receipt.logs, eventName: "Transfer" });
  return transfers.find((log) => log.args.to.toLowerCase() === owner.toLowerCase())!.args.tokenId.toString();
}

/**
 * Collections of the three kinds with tokens, two ERC-6551 accounts with a call each, and permits; returns them with
 * the hashes of the transactions that wrote them (their blocks must come from Ponder's RPC cache on a rebuild).
 */
export async function createIndexData(chain: ChainClient, chainId: number, post: Post): Promise<{ data: IndexData; hashes: Hex[] }> {
  const hashes: Hex[] = [];
  const sent = async (pathname: string, body: Record<string, unknown>) => {
    const answer = await post(pathname, { chainId, ...body });
    hashes.push(answer.transactionHash as Hex);
    return answer;
  };
  const mined = (hash: unknown) => minedReceipt(chain, hash as Hex);
  const nft = (await post("/api/v1/erc721/create", { chainId, name: "Stays", symbol: "STY" })).contractAddress as Address;
  const coin = (await post("/api/v1/erc20/create", { chainId, name: "Coin", symbol: "CN", decimals: 6 })).contractAddress as Address;
  const items = (await post("/api/v1/erc1155/create", { chainId, name: "Items", symbol: "ITM" })).contractAddress as Address;
  await post("/api/v1/erc1155/tokens/create", { chainId, contractAddress: items });
  await sent("/api/v1/erc721/mint", { contractAddress: nft, recipientAddress: chain.accounts[1]!.address });
  await sent("/api/v1/erc721/mint", { contractAddress: nft, recipientAddress: chain.accounts[2]!.address });
  await sent("/api/v1/erc20/mint", { contractAddress: coin, recipientAddress: chain.accounts[1]!.address, amount: "2.5" });
  await sent("/api/v1/erc1155/mint", { contractAddress: items, recipientAddress: chain.accounts[2]!.address, tokenId: "1", amount: "3" });

  const holderAccount = chain.accounts[3]!;
  const holder = holderAccount.address;
  const key = (await post("/api/v1/key/create", { customRef: "account holder" })).evmAddress as Address;
  const accountOf = async (owner: Address) => {
    const minted = await mined((await sent("/api/v1/erc721/mint", { contractAddress: nft, recipientAddress: owner })).transactionHash);
    // The account creation names its chain inside `nft` only: a chainId beside it is an unknown key.
    const created = await post("/api/v1/erc6551/create", { nft: { chainId, contractAddress: nft, tokenId: mintedTo(minted, owner) } });
    hashes.push(created.transactionHash as Hex);
    await mined(created.transactionHash);
    await chain.client.setBalance({ address: created.accountAddress as Address, value: parseEther("1") });
    return created.accountAddress as Address;
  };
  const relayedAccount = await accountOf(key);
  await mined((await sent("/api/v1/account/batchCalls", { accountAddress: relayedAccount, calls: [{ toAddress: RECIPIENT, value: "1000" }] })).transactionHash);
  const directAccount = await accountOf(holder);
  const direct = await chain.client.writeContract({
    account: holderAccount,
    chain: chain.client.chain,
    address: directAccount,
    abi: tokenHubAccountAbi,
    functionName: "execute",
    args: [RECIPIENT, 2000n, "0x", 0],
  });
  hashes.push((await mined(direct)).transactionHash);

  const redeem = async (prepared: unknown) => {
    const call = prepared as { to: Address; value: string; data: Hex };
    const hash = await chain.client.sendTransaction({ account: holderAccount, chain: chain.client.chain, to: call.to, value: BigInt(call.value), data: call.data });
    hashes.push((await mined(hash)).transactionHash);
  };
  const erc721Permit = await post("/api/v1/erc721/permit", { chainId, contractAddress: nft, recipientAddress: holder });
  await redeem(erc721Permit.preparedCall);
  await redeem((await post("/api/v1/erc20/permit", { chainId, contractAddress: coin, recipientAddress: holder, amount: "1" })).preparedCall);
  const openPermit = (await post("/api/v1/erc20/permit", { chainId, contractAddress: coin, recipientAddress: holder, amount: "2" })).permitId as string;
  const data = { chainId, nft, coin, items, key, relayedAccount, holder, directAccount, redeemedPermit: erc721Permit.permitId as string, openPermit };
  return { data, hashes };
}

/**
 * GET routes of the OpenAPI document that read no index table, so that a rebuild cannot change their answers: what
 * each reads instead.
 */
export const NOT_INDEX_READS: Record<string, string> = {
  "/api/v1/transactions/{hash}": "the app store's transactions and the chain's receipts",
  "/api/v1/operations/{operationId}": "the app store's operations and the chain's receipts",
  "/api/v1/erc6551/account": "the address is computed, its code asked of the chain",
  "/api/v1/key/keys": "the app store's cloud keys",
  "/api/v1/webhooks": "the app store's webhooks",
  "/api/v1/webhooks/{webhookId}/deliveries": "the app store's delivery log",
  "/media/{name}": "the media store",
};

/** Every GET route of the OpenAPI document that reads the index, by its template: the requests that poll it. */
export function indexReads(data: IndexData): Record<string, string[]> {
  const { chainId, nft, coin, items } = data;
  const collection = (contract: Address) => `chainId=${chainId}&contractAddress=${contract}`;
  const accountCalls = (route: string) => [data.relayedAccount, data.directAccount].map((account) => `${route}?chainId=${chainId}&accountAddress=${account}`);
  return {
    // Its prepared statement reads an enum column, whose type is each build's own (server/store/database/preparedStatements.ts).
    "/api/v1/collections": [`/api/v1/collections?chainId=${chainId}`],
    "/api/v1/erc721/tokens": [`/api/v1/erc721/tokens?${collection(nft)}`],
    "/api/v1/erc721/owners": [`/api/v1/erc721/owners?${collection(nft)}`],
    "/api/v1/nft/metadata": [`/api/v1/nft/metadata?${collection(nft)}&tokenId=1`],
    "/api/v1/erc20/owners": [`/api/v1/erc20/owners?${collection(coin)}`],
    "/api/v1/erc1155/tokens": [`/api/v1/erc1155/tokens?${collection(items)}`],
    "/api/v1/erc1155/owners": [`/api/v1/erc1155/owners?${collection(items)}`],
    "/api/v1/holders": [`/api/v1/holders?chainId=${chainId}&contractAddresses=${nft},${coin},${items}`],
    "/api/holders": [`/api/holders?chainId=${chainId}&contractAddresses=${nft},${coin},${items}`],
    // The collection row with its kind, an enum column, as the collections route reads it.
    "/metadata/{chainId}/{contractAddress}": [`/metadata/${chainId}/${nft}`, `/metadata/${chainId}/${items}`],
    "/metadata/{chainId}/{contractAddress}/{tokenId}": [`/metadata/${chainId}/${nft}/1`, `/metadata/${chainId}/${items}/1`],
    "/api/v1/erc6551/accounts": [`/api/v1/erc6551/accounts?chainId=${chainId}&ownerAddress=${data.holder}`, `/api/v1/erc6551/accounts?chainId=${chainId}`],
    "/api/v1/accounts/calls": accountCalls("/api/v1/accounts/calls"),
    "/api/v1/account/calls": accountCalls("/api/v1/account/calls"),
    "/api/v1/permits/{permitId}": [`/api/v1/permits/${data.redeemedPermit}`, `/api/v1/permits/${data.openPermit}`],
    "/api/v1/erc20/permit/batch": [`/api/v1/erc20/permit/batch?${collection(coin)}&recipientAddress=${data.holder}`],
    "/api/v1/transfers": [`/api/v1/transfers?${collection(nft)}`, `/api/v1/transfers?${collection(coin)}`, `/api/v1/transfers?${collection(items)}`],
    "/api/v1/tokens": [`/api/v1/tokens?chainId=${chainId}&ownerAddress=${data.holder}`],
  };
}
