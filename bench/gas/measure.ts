import { type Address, concat, encodeFunctionData, type Hash, type Hex, maxUint256 } from "viem";
import { tokenHubERC1155Abi, tokenHubERC1155Bytecode, tokenHubERC20Abi, tokenHubERC20Bytecode, tokenHubERC721Abi, tokenHubERC721Bytecode } from "../../abis/index.js";
import { type ContractVersion, mintJoining } from "../../server/chain/contractGenerations.js";
import { encodeErc1155MintTo, encodeErc20MintTo, encodeErc721MintTo } from "../../server/chain/mintCalls.js";
import { encodeMintWithPermit, signMintPermit } from "../../server/chain/mintPermit.js";
import { joinUnit, type LaneCall } from "../../server/chain/transactions/joinCalls.js";
import { traceBreakdowns } from "./breakdown.js";
import { freshAddress, freshAddresses, type GasBench, type Kind, KINDS, startGasBench, uuidNonce } from "./setup.js";
import type { CreationFigures, GasFigure, GasReport, GasRow } from "./targets.js";

const ONE_TOKEN = 10n ** 18n;
const LABELS = { erc20: "ERC-20", erc721: "ERC-721", erc1155: "ERC-1155" } as const;
const GENERATIONS: readonly ContractVersion[] = [3, 2, 1];
/** A permit's nonce on generation 3 that is no longer in the signer's role slot (contracts/base/PermitMint.sol). */
const FIRST_NONCE_IN_BITMAP = 248n;
/** Where generation 2's service started a counter: the first nonce of a random word (any word costs the same). */
const GENERATION_2_FIRST_NONCE = 1000n << 8n;

/** The service's single mint of each kind (server/chain/mintCalls.ts): one token, 1 of token type 1, one whole ERC-20. */
function singleMint(kind: Kind, to: Address): Hex {
  if (kind === "erc20") return encodeErc20MintTo(to, ONE_TOKEN);
  if (kind === "erc721") return encodeErc721MintTo(to);
  return encodeErc1155MintTo(to, 1n, 1n);
}

/** The transaction the pipeline makes of single mints that arrive together on one collection (joinCalls.ts). */
function joinedMints(kind: Kind, generation: ContractVersion, collection: Address, recipients: Address[]): Hex {
  const call = (to: Address): LaneCall => ({
    to: collection,
    data: singleMint(kind, to),
    value: 0n,
    gasLimit: null,
    purpose: `${kind}.mint`,
    projectId: null,
    metadata: {},
    joinable: mintJoining(kind, generation),
    operations: [],
  });
  return joinUnit(recipients, call).prepared.data;
}

/**
 * Measures every row of issue 20's table on the anvil at `rpcUrl`: the current generation as the service sends it,
 * generations 2 and 1 as the service sent them, and reference contracts compiled in this run from the npm packages
 * installed. Every figure but a collection's first permit is a steady state: the same operation ran once before it
 * (counters and role slots written), each mint goes to a new address, joined mints are `batch` in one transaction.
 * With `traces`, the rows the issue's target is missed on are broken down from opcode traces.
 */
export async function measureGas(rpcUrl: string, options: { batch?: number; progress?: (line: string) => void; traces?: boolean } = {}): Promise<GasReport> {
  const batch = options.batch ?? 40;
  const progress = options.progress ?? (() => undefined);
  progress("deploying tokenhub's three generations and compiling and deploying the references");
  const bench = await startGasBench(rpcUrl);
  const { steady, send, sendWithAccessList } = bench;
  const collections = {} as Record<ContractVersion, Record<Kind, { address: Address; gas: number }>>;
  for (const generation of GENERATIONS) {
    collections[generation] = { erc20: await bench.createCollection(generation, "erc20"), erc721: await bench.createCollection(generation, "erc721"), erc1155: await bench.createCollection(generation, "erc1155") };
  }
  const on = (generation: ContractVersion, kind: Kind) => collections[generation][kind].address;
  const byGeneration = async (measure: (generation: ContractVersion) => Promise<number>) => ({ generation2: await measure(2), generation1: await measure(1) });
  const ozErc721 = await bench.reference("ReferenceERC721");
  const erc721a = await bench.reference("ReferenceERC721A");
  const ozErc1155 = await bench.reference("ReferenceERC1155");
  const ozErc20 = await bench.reference("ReferenceERC20");

  const single = (kind: Kind, reference: GasFigure, others: GasFigure[]) => async (): Promise<GasRow> => ({
    operation: `${LABELS[kind]} mint, ${kind === "erc721" ? "fresh address" : "new holder"}`,
    tokenhub: await steady(() => send(on(3, kind), singleMint(kind, freshAddress()))),
    target: { ratio: 1, of: reference },
    withAccessList: await steady(() => sendWithAccessList(on(3, kind), singleMint(kind, freshAddress()))),
    before: await byGeneration((generation) => steady(() => send(on(generation, kind), singleMint(kind, freshAddress())))),
    others,
  });
  const joined = (kind: Kind, reference: GasFigure, others: GasFigure[], unreachable?: GasRow["unreachable"]) => async (): Promise<GasRow> => ({
    operation: `${LABELS[kind]}, ${batch} mints joined, per mint`,
    tokenhub: await steady(() => send(on(3, kind), joinedMints(kind, 3, on(3, kind), freshAddresses(batch))), batch),
    target: { ratio: 1, of: reference },
    ...(unreachable === undefined ? {} : { unreachable }),
    withAccessList: await steady(() => sendWithAccessList(on(3, kind), joinedMints(kind, 3, on(3, kind), freshAddresses(batch))), batch),
    before: await byGeneration((generation) => steady(() => send(on(generation, kind), joinedMints(kind, generation, on(generation, kind), freshAddresses(batch))), batch)),
    others,
  });
  const loop = (reference: (to: Address[]) => Promise<Hash>) => steady(() => reference(freshAddresses(batch)), batch);
  const ones = (value = 1n) => Array.from({ length: batch }, () => value);
  const rows: GasRow[] = [];

  progress("ERC-721 mints");
  const ozSafeMint = { name: "OpenZeppelin ERC721 safeMint", gas: await steady(() => ozErc721("safeMint", [freshAddress()])) };
  rows.push(
    await single("erc721", ozSafeMint, [
      { name: "ERC721A _safeMint", gas: await steady(() => erc721a("safeMint", [freshAddress()])) },
      { name: "ERC721A _mint", gas: await steady(() => erc721a("mint", [freshAddress()])) },
    ])(),
  );
  const erc721aSafeLoop = { name: "ERC721A _safeMint loop", gas: await loop((to) => erc721a("safeMintToMany", [to])) };
  rows.push(
    await joined(
      "erc721",
      { name: "ERC721A _mint loop", gas: await loop((to) => erc721a("mintToMany", [to])) },
      [erc721aSafeLoop, { name: "OpenZeppelin safeMint via multicall", gas: await loop((to) => ozErc721("multicall", [to.map((recipient) => ozErc721.calldata("safeMint", [recipient]))])) }],
      {
        why: "keeping _safeMint's receiver check",
        holds: { ratio: 1, of: erc721aSafeLoop },
      },
    )(),
  );

  progress("ERC-1155 mints");
  rows.push(await single("erc1155", { name: "OpenZeppelin ERC1155 mint", gas: await steady(() => ozErc1155("mint", [freshAddress(), 1n, 1n])) }, [])());
  rows.push(await joined("erc1155", { name: "OpenZeppelin ERC1155 _mint loop", gas: await loop((to) => ozErc1155("mintToMany", [to, ones(), ones()])) }, [])());

  progress("ERC-20 mints");
  rows.push(await single("erc20", { name: "OpenZeppelin ERC20 mint", gas: await steady(() => ozErc20("mint", [freshAddress(), ONE_TOKEN])) }, [])());
  rows.push(await joined("erc20", { name: "OpenZeppelin ERC20 _mint loop", gas: await loop((to) => ozErc20("mintToMany", [to, ones(ONE_TOKEN)])) }, [])());

  progress("ERC-721 permit redemptions");
  rows.push(...(await permitRows(bench, collections)));

  progress("collection creation");
  const creation: CreationFigures[] = [];
  for (const kind of KINDS) {
    const singleRow = rows.find((row) => row.operation.startsWith(`${LABELS[kind]} mint`))!;
    creation.push({
      kind: LABELS[kind],
      current: collections[3][kind].gas,
      clone: collections[2][kind].gas,
      fullDeployment: await fullDeploymentGas(bench, kind),
      singleMintSaving: singleRow.before.generation2 - singleRow.tokenhub,
    });
  }
  if (!options.traces) return { rows, creation, batch, breakdowns: [] };
  progress("tracing where the gas goes");
  return { rows, creation, batch, breakdowns: await traceBreakdowns(bench, { erc721: on(3, "erc721"), erc721a, batch }) };
}

/**
 * ERC-721 permits, redeemed by their recipient with the service's calldata: a collection's first (on a collection
 * nothing was minted on yet), one in steady state, and the first that writes a word of the nonce bitmap (on the
 * current generation the 249th of a signer's permits, every 256th after it; on generation 2 every 256th), each on
 * every generation, numbered as its service numbered them, and on a full OpenZeppelin contract verifying the same
 * permit.
 */
async function permitRows(bench: GasBench, collections: Record<ContractVersion, Record<Kind, { address: Address; gas: number }>>): Promise<GasRow[]> {
  const { steady, gasOf, send, sendWithAccessList, redeemer } = bench;
  const redemption = async (token: Address, nonce: bigint) => {
    const permit = { kind: "erc721", chainId: bench.chainId, token, to: freshAddress(), amount: 1n, nonce, deadline: maxUint256 } as const;
    return encodeMintWithPermit(permit, await signMintPermit(bench.service, permit));
  };
  const redeem = async (token: Address, nonce: bigint) => await send(token, await redemption(token, nonce), { account: redeemer });
  const redeemWithAccessList = async (token: Address, nonce: bigint) => await sendWithAccessList(token, await redemption(token, nonce), { account: redeemer });
  const fresh = async (generation: ContractVersion) => (await bench.createCollection(generation, "erc721")).address;
  const reference = async () => (await bench.reference("ReferencePermitERC721")).address;
  const first = { 3: 0n, 2: GENERATION_2_FIRST_NONCE };
  const row = (operation: string, tokenhub: number, referenceGas: number, withAccessList: number, before: GasRow["before"], unreachable?: GasRow["unreachable"]): GasRow => ({
    operation,
    tokenhub,
    target: { gas: 100_000 },
    ...(unreachable === undefined ? {} : { unreachable }),
    withAccessList,
    before,
    others: [{ name: "the same permit on OpenZeppelin ERC721", gas: referenceGas }],
  });
  /** The first permit the service issues on a collection it has just created. */
  const onFresh = async (generation: ContractVersion, withAccessList = false) => {
    const token = await fresh(generation);
    return await gasOf((withAccessList ? redeemWithAccessList : redeem)(token, generation === 1 ? uuidNonce() : first[generation]));
  };
  const firstPermit = row(
    "ERC-721 mintWithPermit, a collection's first",
    await onFresh(3),
    await gasOf(redeem(await reference(), 0n)),
    await onFresh(3, true),
    { generation2: await onFresh(2), generation1: await onFresh(1) },
  );
  // Each generation's collection of the single-mint rows numbers on from its first permit's nonce.
  const next = { 3: first[3] + 1n, 2: first[2] + 1n };
  const nextNonce = (generation: ContractVersion) => (generation === 1 ? uuidNonce() : next[generation]++);
  const steadyOn = async (generation: ContractVersion, withAccessList = false) => {
    const token = collections[generation].erc721.address;
    return await steady(() => (withAccessList ? redeemWithAccessList : redeem)(token, nextNonce(generation)));
  };
  const referenceToken = await reference();
  let referenceNonce = 1n;
  const steadyPermit = row(
    "ERC-721 mintWithPermit, steady, among a signer's first 248",
    await steadyOn(3),
    await steady(() => redeem(referenceToken, referenceNonce++)),
    await steadyOn(3, true),
    { generation2: await steadyOn(2), generation1: await steadyOn(1) },
  );
  const once = async (generation: ContractVersion, nonce: bigint, withAccessList = false) =>
    await gasOf((withAccessList ? redeemWithAccessList : redeem)(collections[generation].erc721.address, nonce));
  const newWord = row(
    "ERC-721 mintWithPermit, the first in a new word of nonces",
    await once(3, FIRST_NONCE_IN_BITMAP),
    await gasOf(redeem(referenceToken, 256n)),
    await once(3, FIRST_NONCE_IN_BITMAP + 256n, true),
    { generation2: await once(2, GENERATION_2_FIRST_NONCE + 256n), generation1: await once(1, uuidNonce()) },
    {
      why: "while issuing a permit sends no transaction",
      holds: { gas: 100_000 + 20_000 - 2_900 },
    },
  );
  // Generation 3's nonces from 248 on are in the bitmap again: one more slot to read than in the role slot.
  next[3] = FIRST_NONCE_IN_BITMAP + 1n;
  const inBitmap = row(
    "ERC-721 mintWithPermit, steady, from the 249th on",
    await steadyOn(3),
    steadyPermit.others[0]!.gas,
    await steadyOn(3, true),
    steadyPermit.before,
  );
  return [firstPermit, steadyPermit, inBitmap, newWord];
}

/** A full deployment of the current implementation: its creation code, plus its initialize without a second 21,000. */
async function fullDeploymentGas(bench: GasBench, kind: Kind): Promise<number> {
  const bytecode = { erc20: tokenHubERC20Bytecode, erc721: tokenHubERC721Bytecode, erc1155: tokenHubERC1155Bytecode }[kind];
  const deployment = await bench.gasOf(bench.client.sendTransaction({ account: bench.service, data: bytecode }));
  // The implementation disables its own initializer: initialize a bare EIP-1167 clone of it instead.
  const bare = freshAddress();
  await bench.client.setCode({ address: bare, bytecode: concat(["0x363d3d373d3d3d363d73", bench.current[`${kind}Implementation`], "0x5af43d82803e903d91602b57fd5bf3"]) });
  const { service } = bench;
  const data =
    kind === "erc20"
      ? encodeFunctionData({ abi: tokenHubERC20Abi, functionName: "initialize", args: ["Bench", "BNC", 18, service.address, [service.address], "https://tokenhub.example/metadata/"] })
      : encodeFunctionData({
          abi: kind === "erc721" ? tokenHubERC721Abi : tokenHubERC1155Abi,
          functionName: "initialize",
          args: ["Bench", "BNC", true, service.address, [service.address], "https://tokenhub.example/metadata/"],
        });
  return deployment + (await bench.gasOf(bench.send(bare, data))) - 21_000;
}
