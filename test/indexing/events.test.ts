import { encodeFunctionData, maxUint256, parseEther, parseEventLogs, zeroHash, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc6551RegistryAbi, tokenHubAccountAbi, tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import type { CoreAddresses } from "../../server/chain/deployCore.js";
import { formatAmount } from "../../server/schemas/amounts.js";
import { signMintPermit, uuidNonce } from "../contracts/permits.js";
import { chainClient, createCollectionOnChain, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase } from "../helpers/service.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

let service: SharedService;
let chain: ChainClient;
let core: CoreAddresses;

async function rows<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return await queryDatabase<T>(service.databaseUrl(), sql, params);
}

async function rowsWhenCount<T extends Record<string, unknown>>(count: number, sql: string, params: unknown[] = []): Promise<T[]> {
  return await waitFor(async () => {
    const found = await rows<T>(sql, params);
    return found.length === count ? found : undefined;
  });
}

beforeAll(async () => {
  service = await sharedService();
  const [local] = service.runtime().chains;
  chain = chainClient(local!.rpcUrl[0]!);
  core = local!.core;
});

afterAll(async () => {
  await service?.release();
});

describe("indexed events beyond transfers", () => {
  it("indexes ERC-6551 accounts and the call batches they execute, with what each transaction cost", async () => {
    const [minter, owner, bob] = chain.accounts as [(typeof chain.accounts)[0], (typeof chain.accounts)[0], (typeof chain.accounts)[0]];
    const write = { chain: chain.client.chain } as const;
    const { address: nft } = await createCollectionOnChain(chain, core.tokenFactory, "erc721", { name: "Bound", symbol: "BND" });
    const { address: coin } = await createCollectionOnChain(chain, core.tokenFactory, "erc20", { name: "Coin", symbol: "CN" });
    await minedReceipt(chain, await chain.client.writeContract({ ...write, account: minter, address: nft, abi: tokenHubERC721Abi, functionName: "mintTo", args: [owner.address, 1n] }));

    const createArgs = [core.accountImplementation, zeroHash, 31337n, nft, 1n] as const;
    const predicted = await chain.client.readContract({ address: core.erc6551Registry, abi: erc6551RegistryAbi, functionName: "account", args: createArgs });
    const created = await minedReceipt(
      chain,
      await chain.client.writeContract({ ...write, account: minter, address: core.erc6551Registry, abi: erc6551RegistryAbi, functionName: "createAccount", args: createArgs }),
    );
    const accounts = await rowsWhenCount(
      1,
      "SELECT address, implementation, tokenhub_implementation, token_chain_id::text, token_contract, token_id::text, transaction_hash FROM tokenhub_index.erc6551_account WHERE token_contract = $1",
      [nft.toLowerCase()],
    );
    expect(accounts).toEqual([
      {
        address: predicted.toLowerCase(),
        implementation: core.accountImplementation.toLowerCase(),
        tokenhub_implementation: true,
        token_chain_id: "31337",
        token_contract: nft.toLowerCase(),
        token_id: "1",
        transaction_hash: created.transactionHash,
      },
    ]);

    await minedReceipt(chain, await chain.client.sendTransaction({ ...write, account: bob, to: predicted, value: parseEther("2") }));
    const approve = encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "approve", args: [bob.address, 5n] });
    const calls = [
      { to: bob.address, value: parseEther("1"), data: "0x" as const },
      { to: coin, value: 0n, data: approve },
    ];
    const batch = await minedReceipt(
      chain,
      await chain.client.writeContract({ ...write, account: owner, address: predicted, abi: tokenHubAccountAbi, functionName: "executeBatch", args: [calls] }),
    );
    expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "allowance", args: [predicted, bob.address] })).toBe(5n);

    const transactions = await rowsWhenCount(
      1,
      "SELECT account, transaction_hash, block_number::text, gas_used::text, effective_gas_price::text, call_count FROM tokenhub_index.account_transaction WHERE account = $1",
      [predicted.toLowerCase()],
    );
    expect(transactions).toEqual([
      {
        account: predicted.toLowerCase(),
        transaction_hash: batch.transactionHash,
        block_number: batch.blockNumber.toString(),
        gas_used: batch.gasUsed.toString(),
        effective_gas_price: batch.effectiveGasPrice.toString(),
        call_count: 2,
      },
    ]);
    const indexedCalls = await rows("SELECT executor, \"to\", value::text, data FROM tokenhub_index.account_call WHERE account = $1 ORDER BY log_index", [predicted.toLowerCase()]);
    expect(indexedCalls).toEqual([
      { executor: owner.address.toLowerCase(), to: bob.address.toLowerCase(), value: parseEther("1").toString(), data: "0x" },
      { executor: owner.address.toLowerCase(), to: coin.toLowerCase(), value: "0", data: approve },
    ]);

    // A batch that reverts emits nothing: the index has no row for it.
    const failing = [{ to: bob.address, value: parseEther("50"), data: "0x" as const }];
    const reverted = await chain.client.writeContract({ ...write, account: owner, address: predicted, abi: tokenHubAccountAbi, functionName: "executeBatch", args: [failing], gas: 200_000n });
    expect((await chain.client.waitForTransactionReceipt({ hash: reverted })).status).toBe("reverted");
    const single = await minedReceipt(chain, await chain.client.writeContract({ ...write, account: owner, address: predicted, abi: tokenHubAccountAbi, functionName: "execute", args: [bob.address, 1n, "0x", 0] }));
    const after = await rowsWhenCount<{ transaction_hash: string }>(2, "SELECT transaction_hash FROM tokenhub_index.account_transaction WHERE account = $1", [predicted.toLowerCase()]);
    expect(after.map((row) => row.transaction_hash)).not.toContain(reverted);

    // The same history through the API, newest first, under both spellings of the route.
    const entry = async (receipt: typeof batch, calls: { toAddress: string; value: string; data: string }[]) => ({
      timestamp: Number((await chain.client.getBlock({ blockNumber: receipt.blockNumber })).timestamp),
      status: "success",
      transactionHash: receipt.transactionHash,
      transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${receipt.transactionHash}`,
      gasSpent: formatAmount(receipt.gasUsed * receipt.effectiveGasPrice, 18),
      calls,
    });
    const expected = {
      success: true,
      transactions: [
        await entry(single, [{ toAddress: bob.address, value: "1", data: "0x" }]),
        await entry(batch, [
          { toAddress: bob.address, value: parseEther("1").toString(), data: "0x" },
          { toAddress: coin, value: "0", data: approve },
        ]),
      ],
      page: 0,
      nextPage: null,
    };
    for (const path of ["/api/v1/accounts/calls", "/api/v1/account/calls"]) {
      const response = await fetch(`${service.baseUrl}${path}?chainId=31337&accountAddress=${predicted}`, { headers: { authorization: `Bearer ${service.adminToken}` } });
      expect(await response.json(), path).toEqual(expected);
    }
  });

  it("records permit nonces used by a redemption or revoked", async () => {
    const [minter, recipient] = chain.accounts as [(typeof chain.accounts)[0], (typeof chain.accounts)[0]];
    const { address: coin } = await createCollectionOnChain(chain, core.tokenFactory, "erc20", { name: "Permit", symbol: "PRM" });
    const nonce = uuidNonce();
    const permit = { to: recipient.address, amount: 1_000n, nonce, deadline: maxUint256 };
    const signature = await signMintPermit(minter, 31337, coin, permit);
    const redeemed = await minedReceipt(
      chain,
      await chain.client.writeContract({
        chain: chain.client.chain,
        account: recipient,
        address: coin,
        abi: tokenHubERC20Abi,
        functionName: "mintWithPermit",
        args: [permit.to, permit.amount, permit.nonce, permit.deadline, signature],
      }),
    );
    const revokedNonce = uuidNonce();
    const revoked = await minedReceipt(
      chain,
      await chain.client.writeContract({ chain: chain.client.chain, account: minter, address: coin, abi: tokenHubERC20Abi, functionName: "invalidateNonce", args: [revokedNonce] }),
    );
    const found = await rowsWhenCount(
      2,
      "SELECT signer, nonce::text, status, transaction_hash, sender, minted_token_ids::text[], minted_amount::text FROM tokenhub_index.permit_nonce WHERE contract = $1 ORDER BY block_number",
      [coin.toLowerCase()],
    );
    expect(found).toEqual([
      { signer: minter.address.toLowerCase(), nonce: nonce.toString(), status: "used", transaction_hash: redeemed.transactionHash, sender: recipient.address.toLowerCase(), minted_token_ids: [], minted_amount: "1000" },
      { signer: minter.address.toLowerCase(), nonce: revokedNonce.toString(), status: "invalidated", transaction_hash: revoked.transactionHash, sender: minter.address.toLowerCase(), minted_token_ids: [], minted_amount: "0" },
    ]);
  });

  it("credits each permit of a multicall with the tokens its own mintWithPermit minted", async () => {
    const [minter, recipient] = chain.accounts as [(typeof chain.accounts)[0], (typeof chain.accounts)[0]];
    const { address: nft } = await createCollectionOnChain(chain, core.tokenFactory, "erc721", { name: "Passes", symbol: "PAS" });
    // A mint by the service before them, in its own transaction, is nobody's permit.
    await minedReceipt(chain, await chain.client.writeContract({ chain: chain.client.chain, account: minter, address: nft, abi: tokenHubERC721Abi, functionName: "mintTo", args: [recipient.address, 1n] }));
    const permits = [
      { to: recipient.address, amount: 2n, nonce: uuidNonce(), deadline: maxUint256 },
      { to: recipient.address, amount: 1n, nonce: uuidNonce(), deadline: maxUint256 },
    ];
    const calls = await Promise.all(
      permits.map(async (permit) =>
        encodeFunctionData({
          abi: tokenHubERC721Abi,
          functionName: "mintWithPermit",
          args: [permit.to, permit.amount, permit.nonce, permit.deadline, await signMintPermit(minter, 31337, nft, permit)],
        }),
      ),
    );
    const redeemed = await minedReceipt(
      chain,
      await chain.client.writeContract({ chain: chain.client.chain, account: recipient, address: nft, abi: tokenHubERC721Abi, functionName: "multicall", args: [calls] }),
    );
    const found = await rowsWhenCount(
      2,
      "SELECT nonce::text, transaction_hash, sender, minted_token_ids::text[], minted_amount::text FROM tokenhub_index.permit_nonce WHERE contract = $1 ORDER BY log_index",
      [nft.toLowerCase()],
    );
    expect(found).toEqual([
      { nonce: permits[0]!.nonce.toString(), transaction_hash: redeemed.transactionHash, sender: recipient.address.toLowerCase(), minted_token_ids: ["2", "3"], minted_amount: "2" },
      { nonce: permits[1]!.nonce.toString(), transaction_hash: redeemed.transactionHash, sender: recipient.address.toLowerCase(), minted_token_ids: ["4"], minted_amount: "1" },
    ]);
  });

  it("records the metadata refresh signals of ERC-4906, ERC-1155 URI and ERC-7572", async () => {
    const [minter] = chain.accounts;
    const { address: nft } = await createCollectionOnChain(chain, core.tokenFactory, "erc721", { name: "Meta", symbol: "MTA" });
    const { address: items } = await createCollectionOnChain(chain, core.tokenFactory, "erc1155", { name: "Items", symbol: "ITM" });
    const write = { chain: chain.client.chain, account: minter! } as const;
    await minedReceipt(chain, await chain.client.writeContract({ ...write, address: nft, abi: tokenHubERC721Abi, functionName: "notifyMetadataUpdate", args: [7n] }));
    await minedReceipt(chain, await chain.client.writeContract({ ...write, address: nft, abi: tokenHubERC721Abi, functionName: "notifyBatchMetadataUpdate", args: [0n, maxUint256] }));
    await minedReceipt(chain, await chain.client.writeContract({ ...write, address: nft, abi: tokenHubERC721Abi, functionName: "notifyContractURIUpdate" }));
    const uriReceipt = await minedReceipt(chain, await chain.client.writeContract({ ...write, address: items, abi: tokenHubERC1155Abi, functionName: "notifyMetadataUpdate", args: [3n] }));
    expect(parseEventLogs({ abi: tokenHubERC1155Abi, logs: uriReceipt.logs }).map((log) => log.eventName)).toEqual(["MetadataUpdate", "URI"]);

    const signals = await rowsWhenCount(
      5,
      "SELECT contract, kind, from_token_id::text, to_token_id::text FROM tokenhub_index.metadata_signal WHERE contract IN ($1, $2) ORDER BY block_number, id",
      [nft.toLowerCase(), items.toLowerCase()],
    );
    const lower = (address: Address) => address.toLowerCase();
    expect(signals).toEqual([
      { contract: lower(nft), kind: "token", from_token_id: "7", to_token_id: "7" },
      { contract: lower(nft), kind: "batch", from_token_id: "0", to_token_id: maxUint256.toString() },
      { contract: lower(nft), kind: "contract", from_token_id: null, to_token_id: null },
      { contract: lower(items), kind: "token", from_token_id: "3", to_token_id: "3" },
      { contract: lower(items), kind: "uri", from_token_id: "3", to_token_id: "3" },
    ]);
  });
});
