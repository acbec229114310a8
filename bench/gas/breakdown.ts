import { type Address, type Hex, maxUint256 } from "viem";
import { encodeErc721MintTo } from "../../server/chain/mintCalls.js";
import { encodeMintWithPermit, signMintPermit } from "../../server/chain/mintPermit.js";
import { joinUnit } from "../../server/chain/transactions/joinCalls.js";
import { freshAddress, freshAddresses, type GasBench, type Reference } from "./setup.js";
import { type GasParts, gasParts, perMint } from "./trace.js";

/** Transactions side by side, their gas by part: the arithmetic behind the rows the target is missed on. */
export type Breakdown = { title: string; columns: { name: string; parts: GasParts }[] };

/**
 * Traces, in steady state, a joined ERC-721 mint on tokenhub and on ERC721A's loops, and ERC-721 permit redemptions
 * on the current generation: in the signer's role slot, in the bitmap, and the first in a new word of it. Each is
 * checked against the gas of the same transaction sent right after.
 */
export async function traceBreakdowns(bench: GasBench, targets: { erc721: Address; erc721a: Reference; batch: number }): Promise<Breakdown[]> {
  const { batch } = targets;
  const traced = async (to: Address, data: Hex, mints = 1, from = bench.service) => {
    const parts = await gasParts(bench.client, { from: from.address, to, data });
    const sent = await bench.gasOf(bench.send(to, data, { account: from }));
    const total = Object.values(parts).reduce((sum, value) => sum + value, 0);
    if (total !== sent) throw new Error(`the trace of a call to ${to} counts ${total} gas, its transaction used ${sent}`);
    return perMint(parts, mints);
  };
  const mintToMany = (to: Address[]) =>
    joinUnit(to, (recipient) => ({
      to: targets.erc721,
      data: encodeErc721MintTo(recipient),
      value: 0n,
      gasLimit: null,
      purpose: "erc721.mint",
      projectId: null,
      metadata: {},
      joinable: "erc721.mintToMany" as const,
      operations: [],
    })).prepared.data;
  const redemption = async (nonce: bigint) => {
    const permit = { kind: "erc721", chainId: bench.chainId, token: targets.erc721, to: freshAddress(), amount: 1n, nonce, deadline: maxUint256 } as const;
    return await traced(targets.erc721, encodeMintWithPermit(permit, await signMintPermit(bench.service, permit)), 1, bench.redeemer);
  };
  return [
    {
      title: `An ERC-721 mint, ${batch} joined in one transaction, per mint`,
      columns: [
        { name: "tokenhub mintToMany", parts: await traced(targets.erc721, mintToMany(freshAddresses(batch)), batch) },
        { name: "ERC721A _safeMint loop", parts: await traced(targets.erc721a.address, targets.erc721a.calldata("safeMintToMany", [freshAddresses(batch)]), batch) },
        { name: "ERC721A _mint loop", parts: await traced(targets.erc721a.address, targets.erc721a.calldata("mintToMany", [freshAddresses(batch)]), batch) },
      ],
    },
    {
      // Nonces of the current generation not used by the rows before: 10 in the role slot; 260 in the bitmap's word
      // 0 (248 to 503), written already; 760 the first of its word 2 (760 to 1015).
      title: "An ERC-721 permit redemption on the current generation",
      columns: [
        { name: "steady, in the role slot", parts: await redemption(10n) },
        { name: "steady, in the bitmap", parts: await redemption(260n) },
        { name: "the first in a new word", parts: await redemption(760n) },
      ],
    },
  ];
}
