import { type Address, concat, encodeAbiParameters, encodeFunctionData, type Hash, type Hex, keccak256, maxUint256, pad, toHex, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import type { CoreAddresses } from "../../server/chain/deployCore.js";
import { type TestChain, isolateEachTest, snapshotChain, startTestChain } from "../helpers/anvil.js";
import { MINTER_ROLE, createCollection, deployTokenHub, mined } from "./fixtures.js";

/**
 * A collection is a minting proxy (contracts/proxies): the service's single mint runs in the proxy, everything else
 * in the implementation. Each call below is sent twice from the same state: to the proxy, and to the same address
 * once its code is an EIP-1167 clone of the same implementation (which runs every call there, as generation 2's
 * collections did). Both must end alike: the same success or revert data, the same events and the same storage.
 */
type Kind = "erc20" | "erc721" | "erc1155";

let chain: TestChain;
let core: CoreAddresses;
const collections = {} as Record<Kind, Address>;
beforeAll(async () => {
  chain = await startTestChain();
  core = await deployTokenHub(chain);
  const { admin, minter } = accounts();
  const spec = { from: admin, admin: admin.address, minters: [minter.address] };
  collections.erc20 = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC20" });
  collections.erc721 = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC721", transferable: false });
  collections.erc1155 = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC1155" });
});
afterAll(() => chain?.stop());
isolateEachTest(() => chain);

const accounts = () => {
  const [admin, minter, stranger] = chain.accounts;
  return { admin: admin!, minter: minter!, stranger: stranger! };
};

const fresh = (index: number) => `0x${(0xa11ce000 + index).toString(16).padStart(40, "0")}` as Address;
const ABIS = { erc20: tokenHubERC20Abi, erc721: tokenHubERC721Abi, erc1155: tokenHubERC1155Abi } as const;

function mintTo(kind: Kind, to: Address, ...values: bigint[]): Hex {
  if (kind === "erc1155") return encodeFunctionData({ abi: tokenHubERC1155Abi, functionName: "mintTo", args: [to, values[0]!, values[1]!] });
  return encodeFunctionData({ abi: kind === "erc20" ? tokenHubERC20Abi : tokenHubERC721Abi, functionName: "mintTo", args: [to, values[0]!] });
}

type Call = { from?: "minter" | "stranger"; data: Hex | ((kind: Kind) => Hex); value?: bigint };

type Outcome = { call: { result: Hex } | { revert: Hex }; status: string; logs: { topics: Hex[]; data: Hex }[]; storage: unknown };

/** What the call does on the collection as its code is now: its answer, and once sent, its events and storage writes. */
async function outcomeOf(kind: Kind, call: Call): Promise<Outcome> {
  const account = accounts()[call.from ?? "minter"];
  const to = collections[kind];
  const data = typeof call.data === "function" ? call.data(kind) : call.data;
  const request = { account, to, data, value: call.value ?? 0n };
  const answer = await chain.client.call(request).then(
    (result) => ({ result: result.data ?? "0x" }),
    (error: { walk: (match: (cause: unknown) => boolean) => { data?: Hex } | null }) => ({ revert: error.walk((cause) => typeof (cause as { data?: unknown }).data === "string")?.data ?? "0x" }),
  );
  const hash: Hash = await chain.client.sendTransaction({ ...request, gas: 1_000_000n });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  const diff = (await chain.client.request({
    method: "debug_traceTransaction",
    params: [hash, { tracer: "prestateTracer", tracerConfig: { diffMode: true } }],
  } as never)) as { pre: Record<string, { storage?: unknown }>; post: Record<string, { storage?: unknown }> };
  const address = to.toLowerCase();
  return {
    call: answer,
    status: receipt.status,
    logs: receipt.logs.map((log) => ({ topics: log.topics, data: log.data })),
    storage: { pre: diff.pre[address]?.storage ?? {}, post: diff.post[address]?.storage ?? {} },
  };
}

/** The call on the proxy, then from the same state on an EIP-1167 clone of the same implementation at its address. */
async function bothWays(kind: Kind, call: Call): Promise<{ proxy: Outcome; implementation: Outcome }> {
  const revert = await snapshotChain(chain);
  const proxy = await outcomeOf(kind, call);
  await revert();
  const implementation = core[`${kind}Implementation`];
  await chain.client.setCode({ address: collections[kind], bytecode: concat(["0x363d3d373d3d3d363d73", implementation, "0x5af43d82803e903d91602b57fd5bf3"]) });
  return { proxy, implementation: await outcomeOf(kind, call) };
}

const each = (kinds: Kind[], what: string, call: Call) => kinds.map((kind) => [kind, what, call] as const);
/** The calldata with the recipient's word's first byte set: an address the ABI refuses. */
const dirty = (data: Hex) => `${data.slice(0, 10)}ff${data.slice(12)}` as Hex;

describe("the minting proxy", () => {
  it.each([
    ...each(["erc20"], "a mint to an account without code", { data: (kind) => mintTo(kind, fresh(1), 5n) }),
    ...each(["erc721"], "a mint to an account without code", { data: (kind) => mintTo(kind, fresh(1), 1n) }),
    ...each(["erc1155"], "a mint to an account without code", { data: (kind) => mintTo(kind, fresh(1), 7n, 3n) }),
    ...each(["erc20"], "a mint of nothing", { data: (kind) => mintTo(kind, fresh(1), 0n) }),
    ...each(["erc1155"], "a mint of nothing", { data: (kind) => mintTo(kind, fresh(1), 7n, 0n) }),
    ...each(["erc721"], "a mint of two tokens", { data: (kind) => mintTo(kind, fresh(1), 2n) }),
    ...each(["erc721"], "a mint of no token", { data: (kind) => mintTo(kind, fresh(1), 0n) }),
    ...each(["erc20", "erc721", "erc1155"], "a mint by an account without the role", { from: "stranger", data: (kind) => mintTo(kind, fresh(1), 1n, 1n) }),
    ...each(["erc20", "erc721", "erc1155"], "a mint to the zero address", { data: (kind) => mintTo(kind, zeroAddress, 1n, 1n) }),
    ...each(["erc20", "erc721", "erc1155"], "a mint sending value", { data: (kind) => mintTo(kind, fresh(1), 1n, 1n), value: 1n }),
    ...each(["erc20", "erc721", "erc1155"], "a mint to an address the ABI refuses", { data: (kind) => dirty(mintTo(kind, fresh(1), 1n, 1n)) }),
    ...each(["erc20", "erc721", "erc1155"], "a mint with its arguments cut short", { data: (kind) => mintTo(kind, fresh(1), 1n, 1n).slice(0, 40) as Hex }),
    // A receiver with code (another collection, which has no receiver hook): ERC-721 and ERC-1155 must ask it.
    ...each(["erc721", "erc1155"], "a mint to a contract without the receiver hook", { data: (kind) => mintTo(kind, collections.erc20, 1n, 1n) }),
    ...each(["erc20"], "a mint to a contract", { data: (kind) => mintTo(kind, collections.erc721, 5n) }),
  ])("%s: %s ends exactly as on the implementation", async (kind, _, call) => {
    const { proxy, implementation } = await bothWays(kind, call);
    expect(proxy).toEqual(implementation);
  });

  it.each(["erc20", "erc1155"] as const)("%s: an amount that would overflow ends exactly as on the implementation", async (kind) => {
    // All there can be: of the supply for ERC-20, of fresh(2)'s balance of token type 1 for ERC-1155.
    const all = kind === "erc20" ? mintTo(kind, fresh(2), maxUint256) : mintTo(kind, fresh(2), 1n, maxUint256);
    await mined(chain, chain.client.sendTransaction({ account: accounts().minter, to: collections[kind], data: all }));
    const { proxy, implementation } = await bothWays(kind, { data: mintTo(kind, fresh(3), 1n, 1n) });
    expect(proxy).toEqual(implementation);
    expect(proxy.status).toBe(kind === "erc1155" ? "success" : "reverted");
    const { proxy: again, implementation: expected } = await bothWays(kind, { data: mintTo(kind, fresh(2), 1n, 1n) });
    expect(again).toEqual(expected);
    expect(again.status).toBe("reverted");
  });

  it("an ERC-721 mint's id follows those minted before, through either path, from 1", async () => {
    const { minter } = accounts();
    const mint = (data: Hex) => mined(chain, chain.client.sendTransaction({ account: minter, to: collections.erc721, data }));
    await mint(mintTo("erc721", fresh(1), 2n));
    await mint(mintTo("erc721", fresh(2), 1n));
    const read = (functionName: "totalMinted" | "transferable", args: [] = []) => chain.client.readContract({ address: collections.erc721, abi: ABIS.erc721, functionName, args });
    expect([await read("totalMinted"), await read("transferable")]).toEqual([3n, false]);
    const owner = (id: bigint) => chain.client.readContract({ address: collections.erc721, abi: ABIS.erc721, functionName: "ownerOf", args: [id] });
    expect(await Promise.all([1n, 2n, 3n].map(owner))).toEqual([fresh(1), fresh(1), fresh(2)].map((address) => expect.stringMatching(new RegExp(address, "i"))));
  });

  it("checks the minter role in AccessControl's own slot", () => {
    const ACCESS_CONTROL = "0x02dd7bc7dec4dceedda775e58dd541e08a116c6c53815c0bd028192f7b626800";
    expect(keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }], [MINTER_ROLE, ACCESS_CONTROL]))).toBe(
      "0x549fe2656c81d2947b3b913f0a53b9ea86c71e049f3a1b8aa23c09a8a05cb8d4",
    );
    // tokenhub's own ERC-7201 namespace for the ERC-721 counter (contracts/base/TokenHubStorage.sol).
    const namespace = BigInt(keccak256(toHex("tokenhub.storage.ERC721"))) - 1n;
    expect(toHex(BigInt(keccak256(pad(toHex(namespace)))) & ~0xffn, { size: 32 })).toBe("0x01de1401b7a4e38b4b7f8f9ce131b45a52abb66e7970c46c2dceaa5b3547fc00");
  });
});
