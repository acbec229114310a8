import { createPublicClient, http, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactoryV1Abi, tokenFactoryV2Abi } from "../../abis/index.js";
import { contractVersionOf, mintJoining } from "../../server/chain/contractGenerations.js";
import { ERC6551_REGISTRY, deployGeneration } from "../../server/chain/deployCore.js";
import { freePort } from "../../server/ports.js";
import { type TestChain, startTestChain } from "../helpers/anvil.js";
import { METADATA_ROOT, createCollection, createdCollection, deployTokenHub, mined } from "./fixtures.js";

type Kind = "erc20" | "erc721" | "erc1155";
const KINDS = { erc20: "ERC20", erc721: "ERC721", erc1155: "ERC1155" } as const;

let chain: TestChain;
const current = {} as Record<Kind, Address>;
const second = {} as Record<Kind, Address>;
const first = {} as Record<Kind, Address>;
beforeAll(async () => {
  chain = await startTestChain();
  const [admin] = chain.accounts;
  const spec = { from: admin!, admin: admin!.address, minters: [admin!.address] };
  const { tokenFactory } = await deployTokenHub(chain);
  for (const [generation, collections] of [[1, first], [2, second]] as const) {
    const factory = (await deployGeneration(chain.client, admin!, generation)).tokenFactory;
    const common = { account: admin!, address: factory, abi: generation === 1 ? tokenFactoryV1Abi : tokenFactoryV2Abi } as const;
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const hash =
        kind === "erc20"
          ? chain.client.writeContract({ ...common, functionName: "createERC20", args: ["Old", "OLD", 18, admin!.address, [admin!.address], METADATA_ROOT] })
          : chain.client.writeContract({ ...common, functionName: kind === "erc721" ? "createERC721" : "createERC1155", args: ["Old", "OLD", true, admin!.address, [admin!.address], METADATA_ROOT] });
      collections[kind] = createdCollection(await mined(chain, hash));
    }
  }
  for (const [kind, label] of Object.entries(KINDS) as [Kind, (typeof KINDS)[Kind]][]) {
    current[kind] = await createCollection(chain, tokenFactory, label === "ERC20" ? { ...spec, kind: label } : { ...spec, kind: label });
  }
});
afterAll(() => chain?.stop());

describe("contract generations", () => {
  it("tells generation 3 (contractGeneration()) from generation 2 (its batch mint declared through ERC-165) from generation 1, for every kind", async () => {
    for (const kind of Object.keys(KINDS) as Kind[]) {
      expect(await contractVersionOf(chain.client, current[kind], kind), kind).toBe(3);
      expect(await contractVersionOf(chain.client, second[kind], kind), kind).toBe(2);
      expect(await contractVersionOf(chain.client, first[kind], kind), kind).toBe(1);
    }
  });

  it("reads a contract without ERC-165 or without code as generation 1, and throws when the chain does not answer", async () => {
    expect(await contractVersionOf(chain.client, ERC6551_REGISTRY, "erc721")).toBe(1);
    expect(await contractVersionOf(chain.client, "0x000000000000000000000000000000000000dEaD", "erc20")).toBe(1);
    const unreachable = createPublicClient({ transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }) });
    await expect(contractVersionOf(unreachable, current.erc721, "erc721")).rejects.toThrow();
  });

  it("joins mints through the batch mint each generation has", () => {
    for (const generation of [2, 3] as const) {
      expect([mintJoining("erc721", generation), mintJoining("erc20", generation), mintJoining("erc1155", generation)]).toEqual(["erc721.mintToMany", "erc20.mintToMany", "erc1155.mintBatch"]);
    }
    expect([mintJoining("erc721", 1), mintJoining("erc20", 1), mintJoining("erc1155", 1)]).toEqual([true, true, "erc1155.mintBatch"]);
  });
});
