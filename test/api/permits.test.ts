import {
  type Address,
  BaseError,
  decodeErrorResult,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  type Hex,
  maxUint256,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import type { LocalAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase } from "../helpers/service.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

let service: SharedService;
let chain: ChainClient;
let signer: Address;
let coin: Address;
let club: Address;
let items: Address;

type Response = { status: number; body: Record<string, any> };
type PreparedCall = { to: Address; value: string; data: Hex };

async function call(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token ?? service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const post = (path: string, body: unknown, token?: string) => call("POST", path, body, token);
const get = (path: string, token?: string) => call("GET", path, undefined, token);

async function create(kind: "erc20" | "erc721" | "erc1155", body: Record<string, unknown>): Promise<{ address: Address; hash: Hex }> {
  const response = await post(`/api/v1/${kind}/create`, { chainId: 31337, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { address: response.body.contractAddress as Address, hash: response.body.transactionHash as Hex };
}

async function permit(kind: "erc20" | "erc721" | "erc1155", body: Record<string, unknown>): Promise<{ permitId: string; signature: Hex; preparedCall: PreparedCall }> {
  const response = await post(`/api/v1/${kind}/permit`, { chainId: 31337, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { permitId: string; signature: Hex; preparedCall: PreparedCall };
}

/** The recipient sends the prepared call itself, from its own account, paying its own gas. */
async function redeem(account: LocalAccount, prepared: PreparedCall, options: { gas?: bigint } = {}): Promise<TransactionReceipt> {
  const hash = await chain.client.sendTransaction({
    account,
    chain: chain.client.chain,
    to: prepared.to,
    value: BigInt(prepared.value),
    data: prepared.data,
    ...(options.gas === undefined ? {} : { gas: options.gas }),
  });
  return await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 10 });
}

/**
 * A redemption the contract refuses: mined as a reverted transaction (its gas given, so nothing is estimated away),
 * and the custom error the same call reverts with.
 */
async function refusedRedemption(account: LocalAccount, prepared: PreparedCall): Promise<string> {
  const receipt = await redeem(account, prepared, { gas: 400_000n });
  expect(receipt.status).toBe("reverted");
  try {
    await chain.client.call({ account: account.address, to: prepared.to, data: prepared.data });
  } catch (error) {
    const data = (error as BaseError).walk((cause) => typeof (cause as { data?: unknown }).data === "string") as { data: Hex } | null;
    const decoded = decodeErrorResult({ abi: [...tokenHubERC721Abi, ...tokenHubERC1155Abi], data: data!.data });
    return `${decoded.errorName}(${(decoded.args ?? []).map(String).join(", ")})`;
  }
  throw new Error("the call did not revert");
}

async function permitWhen(permitId: string, status: string): Promise<Record<string, any>> {
  return await waitFor(
    async () => {
      const response = await get(`/api/v1/permits/${permitId}`);
      return response.body.status === status ? response.body : undefined;
    },
    { message: () => `permit ${permitId} never became ${status}` },
  );
}

/** The nonce the app store mapped the permit's id to, which its signature and the chain's events carry. */
const nonceOf = async (permitId: string) =>
  BigInt((await queryDatabase<{ nonce: string }>(service.databaseUrl(), "SELECT nonce::text FROM tokenhub_app.permits WHERE id = $1", [permitId]))[0]!.nonce);
const permitRows = async () => Number((await queryDatabase<{ count: string }>(service.databaseUrl(), "SELECT count(*) FROM tokenhub_app.permits"))[0]!.count);
const signerState = async () => ({
  balance: await chain.client.getBalance({ address: signer }),
  nonce: await chain.client.getTransactionCount({ address: signer, blockTag: "pending" }),
});
const fee = (receipt: TransactionReceipt) => receipt.gasUsed * receipt.effectiveGasPrice;

let alice: LocalAccount;
let bob: LocalAccount;
let carol: LocalAccount;
let dave: LocalAccount;

beforeAll(async () => {
  service = await sharedService();
  chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
  [alice, bob, carol, dave] = chain.accounts as unknown as [LocalAccount, LocalAccount, LocalAccount, LocalAccount];
  const created = await create("erc20", { name: "Points", symbol: "PTS", decimals: 6 });
  coin = created.address;
  signer = getAddress((await chain.client.waitForTransactionReceipt({ hash: created.hash })).from);
  club = (await create("erc721", { name: "Club", symbol: "CLB", defaultMetadata: { description: "Club members", mediaUrl: "https://example.com/club.png" } })).address;
  items = (await create("erc1155", { name: "Items", symbol: "ITM" })).address;
  const type = await post("/api/v1/erc1155/tokens/create", { chainId: 31337, contractAddress: items, metadata: { name: "Sword", description: "Sharp" } });
  expect(type.body).toEqual({ success: true, tokenId: "1", operationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
});

afterAll(async () => {
  await service?.release();
});

describe("permits redeemed by their recipients", () => {
  const issued: Record<"erc20" | "erc721" | "erc1155", { permitId: string; preparedCall: PreparedCall; receipt?: TransactionReceipt }> = {} as never;

  it("issues a permit of each kind without a transaction; each recipient redeems its own on its own gas, the service signer pays nothing", async () => {
    const before = await signerState();

    const erc20 = await post("/api/v1/erc20/permit", { chainId: 31337, contractAddress: coin, recipientAddress: alice.address, amount: 12.5 });
    expect(erc20.body).toEqual({
      success: true,
      permitId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
      preparedCall: { to: coin, value: "0", data: expect.stringMatching(/^0x[0-9a-f]+$/) },
      operationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const { permitId, signature, preparedCall } = erc20.body as { permitId: string; signature: Hex; preparedCall: PreparedCall };
    expect(decodeFunctionData({ abi: tokenHubERC20Abi, data: preparedCall.data })).toEqual({
      functionName: "mintWithPermit",
      args: [alice.address, 12_500_000n, await nonceOf(permitId), maxUint256, signature],
    });
    const erc721 = await permit("erc721", { contractAddress: club, recipientAddress: bob.address, metadata: { name: "Gold pass", traits: [{ name: "tier", value: "gold" }] } });
    const erc1155 = await permit("erc1155", { contractAddress: items, recipientAddress: carol.address, tokenId: "1", amount: 4, individualMetadata: { name: "Blessed sword" } });
    expect(await signerState()).toEqual(before);

    const redemptions: [LocalAccount, PreparedCall][] = [[alice, preparedCall], [bob, erc721.preparedCall], [carol, erc1155.preparedCall]];
    const receipts: TransactionReceipt[] = [];
    for (const [recipient, prepared] of redemptions) {
      const ethBefore = await chain.client.getBalance({ address: recipient.address });
      const receipt = await redeem(recipient, prepared);
      expect(receipt.status).toBe("success");
      expect(getAddress(receipt.from)).toBe(recipient.address);
      expect(await chain.client.getBalance({ address: recipient.address })).toBe(ethBefore - fee(receipt));
      receipts.push(receipt);
    }
    expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [alice.address] })).toBe(12_500_000n);
    const minted721 = parseEventLogs({ abi: tokenHubERC721Abi, logs: receipts[1]!.logs, eventName: "Transfer" });
    expect(minted721.map((log) => log.args)).toEqual([{ from: "0x0000000000000000000000000000000000000000", to: bob.address, tokenId: 1n }]);
    expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [1n] })).toBe(bob.address);
    expect(await chain.client.readContract({ address: items, abi: tokenHubERC1155Abi, functionName: "balanceOf", args: [carol.address, 1n] })).toBe(4n);

    const redeemed = await permitWhen(permitId, "redeemed");
    const [receipt20, receipt721, receipt1155] = receipts as [TransactionReceipt, TransactionReceipt, TransactionReceipt];
    const block = await chain.client.getBlock({ blockNumber: receipt20.blockNumber });
    expect(redeemed).toEqual({
      success: true,
      permitId,
      status: "redeemed",
      statusReason: `Redeemed by ${alice.address} in transaction ${receipt20.transactionHash} (block ${receipt20.blockNumber}, ${new Date(Number(block.timestamp) * 1000).toISOString()}), minting 12.5 tokens; a permit is redeemed once.`,
      chainId: 31337,
      contractAddress: coin,
      type: "erc20",
      recipientAddress: alice.address,
      tokenId: null,
      amount: "12.5",
      amountRaw: "12500000",
      expiration: null,
      signerAddress: signer,
      signature,
      preparedCall,
      metadata: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      redemption: { transactionHash: receipt20.transactionHash, blockNumber: receipt20.blockNumber.toString(), timestamp: Number(block.timestamp), redeemerAddress: alice.address, tokenIds: [] },
      revocation: null,
    });
    expect((await permitWhen(erc721.permitId, "redeemed")).redemption).toMatchObject({ transactionHash: receipt721.transactionHash, redeemerAddress: bob.address, tokenIds: ["1"] });
    const redeemed1155 = await permitWhen(erc1155.permitId, "redeemed");
    expect(redeemed1155).toMatchObject({ type: "erc1155", tokenId: "1", amount: "4", amountRaw: "4", metadata: { name: "Blessed sword" } });
    expect(redeemed1155.redemption).toMatchObject({ transactionHash: receipt1155.transactionHash, redeemerAddress: carol.address, tokenIds: ["1"] });

    expect(await signerState()).toEqual(before);
    issued.erc20 = { permitId, preparedCall, receipt: receipt20 };
    issued.erc721 = { ...erc721, receipt: receipt721 };
    issued.erc1155 = { ...erc1155, receipt: receipt1155 };
  });

  it("shows an ERC-721 permit's metadata on the token it minted through every read route, and an ERC-1155 permit's on its token type", async () => {
    const expected = { name: "Gold pass", description: "Club members", image: "https://example.com/club.png", attributes: [{ trait_type: "tier", value: "gold" }] };
    const metadata = await waitFor(async () => {
      const response = await get(`/api/v1/nft/metadata?chainId=31337&contractAddress=${club}&tokenId=1`);
      return response.body.metadata?.name === "Gold pass" ? response.body : undefined;
    });
    expect(metadata).toEqual({ success: true, ...expected, metadata: expected, metadataStatus: { source: "tokenhub" } });

    const tokens = await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${club}&tokenIds=1`);
    expect(tokens.body.tokens).toEqual([{ tokenId: "1", ownerAddress: bob.address, metadata: expected, tbaAddress: expect.any(String) }]);
    const owners = await get(`/api/v1/erc721/owners?chainId=31337&contractAddress=${club}`);
    expect(owners.body.owners).toEqual([{ ownerAddress: bob.address, totalBalance: "1", tokens: [{ tokenId: "1", metadata: expected }] }]);
    const holders = await get(`/api/v1/holders?chainId=31337&contractAddresses=${club}`);
    expect(holders.body.holders[0].collections[0].nfts).toEqual([
      { ownerSince: expect.any(Number), tokenId: "1", name: "Gold pass", description: "Club members", mediaUrl: "https://example.com/club.png", externalUrl: "", traits: [{ name: "tier", value: "gold" }] },
    ]);
    const publicJson = await fetch(`${service.baseUrl}/metadata/31337/${club}/1`);
    expect(await publicJson.json()).toEqual(expected);

    const sword = await waitFor(async () => {
      const response = await get(`/api/v1/nft/metadata?chainId=31337&contractAddress=${items}&tokenId=1`);
      return response.body.metadata?.name === "Blessed sword" ? response.body.metadata : undefined;
    });
    expect(sword).toEqual({ name: "Blessed sword", description: "Sharp", image: "", attributes: [] });
  });

  it("refuses a second redemption and a call with a changed amount or recipient; the status says why", async () => {
    const again = await refusedRedemption(alice, issued.erc20.preparedCall);
    expect(again).toBe(`PermitNonceUsed(${signer}, ${await nonceOf(issued.erc20.permitId)})`);
    expect((await get(`/api/v1/permits/${issued.erc20.permitId}`)).body).toMatchObject({
      status: "redeemed",
      redemption: { transactionHash: issued.erc20.receipt!.transactionHash },
      statusReason: expect.stringContaining("a permit is redeemed once"),
    });

    const fresh = await permit("erc20", { contractAddress: coin, recipientAddress: alice.address, amount: "1" });
    const { args } = decodeFunctionData({ abi: tokenHubERC20Abi, data: fresh.preparedCall.data }) as unknown as { args: [Address, bigint, bigint, bigint, Hex] };
    const tampered = (to: Address, amount: bigint): PreparedCall => ({
      ...fresh.preparedCall,
      data: encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "mintWithPermit", args: [to, amount, args[2], args[3], args[4]] }),
    });
    expect(await refusedRedemption(alice, tampered(alice.address, 1_000_000_000n))).toMatch(/^PermitSignerNotMinter\(0x[0-9a-fA-F]{40}\)$/);
    expect(await refusedRedemption(dave, tampered(dave.address, args[1]))).toMatch(/^PermitSignerNotMinter\(0x[0-9a-fA-F]{40}\)$/);
    expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [dave.address] })).toBe(0n);
    const open = await get(`/api/v1/permits/${fresh.permitId}`);
    expect(open.body).toMatchObject({ status: "open", statusReason: "Open: not redeemed yet; it never expires.", redemption: null, revocation: null });
  });

  it("revokes a permit on chain through the pipeline; its redemption then reverts and the status says revoked", async () => {
    const revocable = await permit("erc721", { contractAddress: club, recipientAddress: dave.address, metadata: { name: "Never" } });
    const before = await signerState();
    // Revocations of one permit at the same moment send one transaction; each is a request of its own (operationId).
    const [revoked, concurrent] = await Promise.all([call("DELETE", `/api/v1/permits/${revocable.permitId}`), call("DELETE", `/api/v1/permits/${revocable.permitId}`)]);
    const operationId = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect(concurrent).toEqual({ ...revoked, body: { ...revoked.body, operationId } });
    expect(revoked.body).toEqual({
      success: true,
      permitId: revocable.permitId,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      transactionUrl: `${service.runtime().publicUrl}/api/v1/transactions/${revoked.body.transactionHash}`,
      operationId,
    });
    const hash = revoked.body.transactionHash as Hex;
    expect((await call("DELETE", `/api/v1/permits/${revocable.permitId}`)).body).toEqual({ ...revoked.body, operationId });
    const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    expect(getAddress(receipt.from)).toBe(signer);
    expect((await signerState()).nonce).toBe(before.nonce + 1);
    expect(parseEventLogs({ abi: tokenHubERC721Abi, logs: receipt.logs, eventName: "NonceInvalidated" }).map((log) => log.args)).toEqual([
      { signer, nonce: await nonceOf(revocable.permitId) },
    ]);

    const status = await permitWhen(revocable.permitId, "revoked");
    expect(status).toMatchObject({
      statusReason: expect.stringMatching(new RegExp(`^Revoked in transaction ${hash} \\(block ${receipt.blockNumber}, .+\\): its nonce is invalidated on chain, so the contract refuses it\\.$`)),
      redemption: null,
      revocation: { transactionHash: hash, status: "success" },
    });
    expect(await refusedRedemption(dave, revocable.preparedCall)).toBe(`PermitNonceUsed(${signer}, ${await nonceOf(revocable.permitId)})`);
    expect(await chain.client.readContract({ address: club, abi: tokenHubERC721Abi, functionName: "balanceOf", args: [dave.address] })).toBe(0n);

    const late = await call("DELETE", `/api/v1/permits/${issued.erc20.permitId}`);
    expect(late).toEqual({ status: 409, body: { success: false, code: "CONFLICT", error: expect.stringMatching(/^Permit .+ cannot be revoked: Redeemed by /) } });
  });

  it("redeems three ERC-20 permits at once with the batch call, whose totals match", async () => {
    const amounts = ["1.5", "2", "0.25"];
    const permits = [];
    for (const amount of amounts) permits.push(await permit("erc20", { contractAddress: coin, recipientAddress: dave.address, amount }));
    // Neither another recipient's permit nor a revoked one belongs in dave's batch.
    await permit("erc20", { contractAddress: coin, recipientAddress: carol.address, amount: "7" });
    const revoked = await permit("erc20", { contractAddress: coin, recipientAddress: dave.address, amount: "9" });
    const revocation = await call("DELETE", `/api/v1/permits/${revoked.permitId}`);
    await chain.client.waitForTransactionReceipt({ hash: revocation.body.transactionHash as Hex, pollingInterval: 10 });

    const query = `/api/v1/erc20/permit/batch?chainId=31337&contractAddress=${coin}&recipientAddress=${dave.address}`;
    const batch = await get(query);
    expect(batch.body).toEqual({
      success: true,
      totalAmount: "3.75",
      totalAmountRaw: "3750000",
      permitIds: permits.map((item) => item.permitId),
      preparedCall: { to: coin, value: "0", data: expect.stringMatching(/^0x/) },
    });
    const { functionName, args } = decodeFunctionData({ abi: tokenHubERC20Abi, data: batch.body.preparedCall.data });
    expect(functionName).toBe("multicall");
    expect(args).toEqual([permits.map((item) => item.preparedCall.data)]);

    const before = await signerState();
    const receipt = await redeem(dave, batch.body.preparedCall as PreparedCall);
    expect(receipt.status).toBe("success");
    expect(await chain.client.readContract({ address: coin, abi: tokenHubERC20Abi, functionName: "balanceOf", args: [dave.address] })).toBe(3_750_000n);
    expect(parseEventLogs({ abi: tokenHubERC20Abi, logs: receipt.logs, eventName: "PermitUsed" }).map((log) => log.args.nonce)).toEqual(await Promise.all(permits.map((item) => nonceOf(item.permitId))));
    for (const item of permits) expect((await permitWhen(item.permitId, "redeemed")).redemption.transactionHash).toBe(receipt.transactionHash);
    expect(await signerState()).toEqual(before);

    expect(await get(query)).toEqual({
      status: 404,
      body: {
        success: false,
        error: `${dave.address} has no unused, unexpired permits on ${coin} (chain 31337).`,
        code: "NOT_FOUND",
        totalAmount: "0",
        totalAmountRaw: "0",
        permitIds: [],
      },
    });
  });

  it("numbers a signer's permits on a collection in sequence (from 0, in the signer's role slot), each redeemable once in any order", async () => {
    const fresh = (await create("erc721", { name: "Sequence", symbol: "SEQ" })).address;
    const issuedInOrder = [];
    for (const recipient of [bob, carol, bob]) issuedInOrder.push(await permit("erc721", { contractAddress: fresh, recipientAddress: recipient.address }));
    const nonces = issuedInOrder.map((item) => decodeFunctionData({ abi: tokenHubERC721Abi, data: item.preparedCall.data }).args[2] as bigint);
    // On a collection the service created, a new counter starts at 0: a signer's first 248 nonces are kept in its
    // MINTER_ROLE slot, which every redemption reads anyway (contracts/base/PermitMint.sol). Each permit takes the next.
    expect(nonces).toEqual([0n, 1n, 2n]);
    expect(await Promise.all(issuedInOrder.map((item) => nonceOf(item.permitId)))).toEqual(nonces);
    // Another collection counts on its own: a permit there does not move this collection's counter.
    await permit("erc721", { contractAddress: club, recipientAddress: bob.address });
    const next = await permit("erc721", { contractAddress: fresh, recipientAddress: carol.address });
    expect(await nonceOf(next.permitId)).toBe(3n);

    const [first, second, third] = issuedInOrder;
    const last = await redeem(bob, third!.preparedCall);
    expect(parseEventLogs({ abi: tokenHubERC721Abi, logs: last.logs, eventName: "PermitUsed" }).map((log) => log.args)).toEqual([{ signer, nonce: nonces[2] }]);
    expect((await redeem(carol, second!.preparedCall)).status).toBe("success");
    expect((await redeem(bob, first!.preparedCall)).status).toBe("success");
    expect(await refusedRedemption(bob, first!.preparedCall)).toBe(`PermitNonceUsed(${signer}, ${nonces[0]})`);
    const ownerOf = (tokenId: bigint) => chain.client.readContract({ address: fresh, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [tokenId] });
    expect(await Promise.all([1n, 2n, 3n].map(ownerOf))).toEqual([bob.address, carol.address, bob.address]);
    // Each PermitUsed names its permit: the index maps nonce to permit through the app store.
    expect((await permitWhen(third!.permitId, "redeemed")).redemption).toMatchObject({ transactionHash: last.transactionHash, tokenIds: ["1"] });
    expect((await permitWhen(first!.permitId, "redeemed")).redemption.tokenIds).toEqual(["3"]);
  });

  it("answers a repeated permit request under the same Idempotency-Key with the same permit, stored once", async () => {
    const rows = await permitRows();
    const body = JSON.stringify({ chainId: 31337, contractAddress: coin, recipientAddress: carol.address, amount: "7" });
    const send = () =>
      fetch(`${service.baseUrl}/api/v1/erc20/permit`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}`, "idempotency-key": "permit-carol-7" },
        body,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(await permitRows()).toBe(rows + 1);
  });

  it("refuses bad input with a 4xx and stores nothing", async () => {
    const rival = await service.cli(["project", "create", `${service.projectName}-rival`]);
    expect(rival.code, rival.stderr).toBe(0);
    const issuedToken = await service.cli(["token", "create", "--project", `${service.projectName}-rival`, "--scopes", "permit,read"]);
    const rivalToken = issuedToken.stdout.trim().split("\n").at(-1)!.trim();
    const readOnly = (await service.cli(["token", "create", "--project", service.projectName, "--scopes", "read"])).stdout.trim().split("\n").at(-1)!.trim();
    const rows = await permitRows();
    const nonce = (await signerState()).nonce;
    const base20 = { chainId: 31337, contractAddress: coin, recipientAddress: alice.address, amount: "1" };
    const base1155 = { chainId: 31337, contractAddress: items, recipientAddress: alice.address, tokenId: "1", amount: "1" };
    const future = "must be in the future";
    const cases: [string, Record<string, unknown>, number, { path: string; message: string }[] | undefined][] = [
      ["erc20", { ...base20, expiration: "2020-01-01T00:00:00Z" }, 400, [{ path: "expiration", message: future }]],
      ["erc20", { ...base20, expiration: 1_000 }, 400, [{ path: "expiration", message: future }]],
      ["erc721", { chainId: 31337, contractAddress: club, recipientAddress: alice.address, expiration: "1999-12-31" }, 400, [{ path: "expiration", message: future }]],
      ["erc20", { ...base20, expiration: "tomorrow" }, 400, [{ path: "expiration", message: "must be an ISO-8601 date-time with a time zone (2030-01-31T12:00:00Z) or Unix seconds" }]],
      ["erc20", { ...base20, expiration: "2030-01-31T12:00:00" }, 400, [{ path: "expiration", message: "must be an ISO-8601 date-time with a time zone (2030-01-31T12:00:00Z) or Unix seconds" }]],
      ["erc20", { ...base20, expiration: Date.now() + 86_400_000 }, 400, [{ path: "expiration", message: "is too far in the future for Unix seconds (milliseconds given?)" }]],
      ["erc20", { ...base20, amount: 0 }, 400, [{ path: "amount", message: "must be greater than zero" }]],
      ["erc20", { ...base20, amount: "0.000" }, 400, [{ path: "amount", message: "must be greater than zero" }]],
      ["erc20", { ...base20, amount: -5 }, 400, [{ path: "amount", message: "must be a positive decimal number like 10 or 1.5 (no sign or exponent)" }]],
      ["erc20", { ...base20, amount: "0.0000001" }, 400, [{ path: "amount", message: "at most 6 decimal places" }]],
      ["erc1155", { ...base1155, amount: 0 }, 400, [{ path: "amount", message: "must be at least 1" }]],
      ["erc1155", { ...base1155, amount: "-1" }, 400, [{ path: "amount", message: "must be a non-negative integer in decimal digits (no sign, fraction or exponent)" }]],
      ["erc1155", { ...base1155, amount: 1.5 }, 400, [{ path: "amount", message: "must be a safe integer or a decimal string" }]],
      ["erc20", { ...base20, recipientAddress: "0x12" }, 400, [{ path: "recipientAddress", message: "must be a 0x-prefixed 20-byte hex address" }]],
      ["erc20", { ...base20, recipientAddress: "0x976EA74026E726554dB657fA54763abd0C3a0aA9" }, 400, [{ path: "recipientAddress", message: "fails its EIP-55 checksum" }]],
      ["erc721", { chainId: 31337, contractAddress: "nope", recipientAddress: alice.address }, 400, [{ path: "contractAddress", message: "must be a 0x-prefixed 20-byte hex address" }]],
      ["erc721", { chainId: 31337, contractAddress: club, recipientAddress: alice.address, metadata: { name: "a" }, individualMetadata: { name: "b" } }, 400, [
        { path: "individualMetadata", message: "give either metadata or individualMetadata, not both" },
      ]],
      ["erc20", { ...base20, contractAddress: club }, 404, undefined],
      ["erc1155", { ...base1155, tokenId: "9" }, 404, undefined],
      ["erc20", { ...base20, chainId: 1 }, 404, undefined],
    ];
    for (const [kind, body, status, details] of cases) {
      const response = await post(`/api/v1/${kind}/permit`, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.success).toBe(false);
      if (details) expect(response.body.details, JSON.stringify(body)).toEqual(details);
    }

    const stolen = await post("/api/v1/erc20/permit", base20, rivalToken);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ success: false, code: "NOT_FOUND" });
    const stolen721 = await post("/api/v1/erc721/permit", { chainId: 31337, contractAddress: club, recipientAddress: alice.address }, rivalToken);
    expect(stolen721.status).toBe(404);
    expect((await post("/api/v1/erc20/permit", base20, readOnly)).status).toBe(403);

    expect(await permitRows()).toBe(rows);
    expect((await signerState()).nonce).toBe(nonce);

    // Permits belong to the project that issued them.
    const mine = issued.erc721.permitId;
    expect(await get(`/api/v1/permits/${mine}`, rivalToken)).toEqual({ status: 404, body: { success: false, error: `No permit ${mine} belongs to this project.`, code: "NOT_FOUND" } });
    expect((await call("DELETE", `/api/v1/permits/${mine}`, undefined, rivalToken)).status).toBe(404);
    expect((await get(`/api/v1/erc20/permit/batch?chainId=31337&contractAddress=${coin}&recipientAddress=${alice.address}`, rivalToken)).status).toBe(404);
    expect((await get("/api/v1/permits/not-a-uuid")).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "permitId", message: "must be a permit id (UUID)" }] });
  });

  it("lets a permit expire by the chain's clock: redemption reverts and the status says expired", async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000);
    const soon = await permit("erc20", { contractAddress: coin, recipientAddress: carol.address, amount: "3", expiration: inTwoMinutes.toISOString() });
    const unix = Math.floor(Date.now() / 1000) + 120;
    const soonToo = await permit("erc721", { contractAddress: club, recipientAddress: carol.address, expiration: unix });
    const deadline = BigInt(Math.floor(inTwoMinutes.getTime() / 1000));
    expect(decodeFunctionData({ abi: tokenHubERC20Abi, data: soon.preparedCall.data }).args?.[3]).toBe(deadline);
    expect(decodeFunctionData({ abi: tokenHubERC721Abi, data: soonToo.preparedCall.data }).args?.[3]).toBe(BigInt(unix));
    expect((await get(`/api/v1/permits/${soon.permitId}`)).body).toMatchObject({ status: "open", expiration: new Date(Number(deadline) * 1000).toISOString() });

    await chain.client.increaseTime({ seconds: 600 });
    await chain.client.mine({ blocks: 1 });

    expect(await refusedRedemption(carol, soon.preparedCall)).toBe(`PermitExpired(${deadline})`);
    expect(await refusedRedemption(carol, soonToo.preparedCall)).toBe(`PermitExpired(${unix})`);
    const expired = await get(`/api/v1/permits/${soon.permitId}`);
    expect(expired.body).toMatchObject({
      status: "expired",
      statusReason: `Expired at ${new Date(Number(deadline) * 1000).toISOString()}: the contract refuses it after its deadline.`,
      redemption: null,
    });
    expect((await get(`/api/v1/permits/${soonToo.permitId}`)).body.status).toBe("expired");
    const revoke = await call("DELETE", `/api/v1/permits/${soon.permitId}`);
    expect(revoke.status).toBe(409);
    expect(revoke.body.error).toMatch(/needs no revocation: Expired at/);
    // The chain's clock, not the wall clock, decides: a permit expiring before the chain's "now" is refused too.
    const stale = await post("/api/v1/erc20/permit", { chainId: 31337, contractAddress: coin, recipientAddress: carol.address, amount: "1", expiration: Math.floor(Date.now() / 1000) + 300 });
    expect(stale.status).toBe(400);
    expect(stale.body.details).toEqual([{ path: "expiration", message: "must be in the future" }]);
    const batch = await get(`/api/v1/erc20/permit/batch?chainId=31337&contractAddress=${coin}&recipientAddress=${carol.address}`);
    // Carol's two open permits of 7 without expiry; the expired one of 3 is left out.
    expect(batch.body).toMatchObject({ success: true, totalAmount: "14", totalAmountRaw: "14000000" });
  });
});
