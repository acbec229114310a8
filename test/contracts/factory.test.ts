import { type Abi, type Hex, pad, parseAbi, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactoryAbi, tokenHubERC1155Abi, tokenHubERC20Abi, tokenHubERC721Abi } from "../../abis/index.js";
import type { CoreAddresses } from "../../server/chain/deployCore.js";
import { type TestChain, isolateEachTest, startTestChain } from "../helpers/anvil.js";
import {
  DEFAULT_ADMIN_ROLE,
  METADATA_ROLE,
  METADATA_ROOT,
  MINTER_ROLE,
  createCollection,
  createCollectionReceipt,
  createdCollection,
  deployTokenHub,
  expectRevert,
  expectedContractURI,
} from "./fixtures.js";

const ERC1967_IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
const erc1967Abi = parseAbi(["event Upgraded(address indexed implementation)"]);

let chain: TestChain;
let core: CoreAddresses;
beforeAll(async () => {
  chain = await startTestChain();
  core = await deployTokenHub(chain);
});
afterAll(() => chain?.stop());
isolateEachTest(() => chain);

const accounts = () => {
  const [admin, minter, stranger] = chain.accounts;
  return { admin: admin!, minter: minter!, stranger: stranger! };
};

describe("TokenFactory", () => {
  it.each([
    ["ERC20", 0, tokenHubERC20Abi],
    ["ERC721", 1, tokenHubERC721Abi],
    ["ERC1155", 2, tokenHubERC1155Abi],
  ] as const)("lets anyone create an initialised %s collection, announced with kind %i", async (kind, kindId, abi) => {
    const { admin, minter, stranger } = accounts();
    const receipt = await createCollectionReceipt(chain, core.tokenFactory, {
      kind,
      from: stranger,
      admin: admin.address,
      minters: [minter.address],
      name: "Name",
      symbol: "SYM",
    });
    const events = parseEventLogs({ abi: tokenFactoryAbi, logs: receipt.logs, eventName: "CollectionCreated" });
    const collection = createdCollection(receipt);
    expect(events.map((event) => event.args)).toEqual([{ collection, kind: kindId, admin: admin.address }]);
    // A minting proxy of the kind's implementation (under 600 bytes), not a full deployment; the implementation is
    // where ERC-1967 puts it, for block explorers, and announced with ERC-1967's Upgraded.
    const implementation = core[`${kind.toLowerCase() as "erc20" | "erc721" | "erc1155"}Implementation`];
    expect((await chain.client.getCode({ address: collection }))!.length).toBeLessThan(2 + 600 * 2);
    expect(await chain.client.getStorageAt({ address: collection, slot: ERC1967_IMPLEMENTATION_SLOT })).toBe(pad(implementation.toLowerCase() as Hex));
    expect(parseEventLogs({ abi: erc1967Abi, logs: receipt.logs, eventName: "Upgraded" }).map((event) => event.args)).toEqual([{ implementation }]);

    const read = (functionName: string, args: readonly unknown[] = []) =>
      chain.client.readContract({ address: collection, abi: abi as Abi, functionName, args });
    expect(await read("name")).toBe("Name");
    expect(await read("symbol")).toBe("SYM");
    expect(await read("contractURI")).toBe(expectedContractURI(chain, collection));
    expect(await read("hasRole", [DEFAULT_ADMIN_ROLE, admin.address])).toBe(true);
    expect(await read("hasRole", [MINTER_ROLE, minter.address])).toBe(true);
    expect(await read("hasRole", [METADATA_ROLE, minter.address])).toBe(true);
    expect(await read("hasRole", [MINTER_ROLE, admin.address])).toBe(false);
    expect(await read("hasRole", [DEFAULT_ADMIN_ROLE, stranger.address])).toBe(false);
  });

  it("returns the address of the collection it creates", async () => {
    const { admin, minter } = accounts();
    const request = { account: admin, address: core.tokenFactory, abi: tokenFactoryAbi } as const;
    const minters = [minter.address];
    const spec = { from: admin, admin: admin.address, minters };

    const erc20 = await chain.client.simulateContract({
      ...request,
      functionName: "createERC20",
      args: ["Test ERC20", "TST", 18, admin.address, minters, METADATA_ROOT],
    });
    expect(await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC20" })).toBe(erc20.result);
    const erc721 = await chain.client.simulateContract({
      ...request,
      functionName: "createERC721",
      args: ["Test ERC721", "TST", true, admin.address, minters, METADATA_ROOT],
    });
    expect(await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC721" })).toBe(erc721.result);
    const erc1155 = await chain.client.simulateContract({
      ...request,
      functionName: "createERC1155",
      args: ["Test ERC1155", "TST", true, admin.address, minters, METADATA_ROOT],
    });
    expect(await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC1155" })).toBe(erc1155.result);
  });

  it("exposes its implementations", async () => {
    const read = (functionName: "erc20Implementation" | "erc721Implementation" | "erc1155Implementation") =>
      chain.client.readContract({ address: core.tokenFactory, abi: tokenFactoryAbi, functionName });
    expect(await read("erc20Implementation")).toBe(core.erc20Implementation);
    expect(await read("erc721Implementation")).toBe(core.erc721Implementation);
    expect(await read("erc1155Implementation")).toBe(core.erc1155Implementation);
  });
});

describe("initialize", () => {
  it("cannot run again on a clone, nor ever on an implementation", async () => {
    const { admin, stranger } = accounts();
    const spec = { from: admin, admin: admin.address, minters: [] };
    const erc20Clone = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC20" });
    const erc721Clone = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC721" });
    const erc1155Clone = await createCollection(chain, core.tokenFactory, { ...spec, kind: "ERC1155" });
    const takeover = [stranger.address, [stranger.address], METADATA_ROOT] as const;

    for (const address of [erc20Clone, core.erc20Implementation]) {
      await expectRevert(
        chain.client.writeContract({
          account: stranger,
          address,
          abi: tokenHubERC20Abi,
          functionName: "initialize",
          args: ["X", "X", 18, ...takeover],
        }),
        "InvalidInitialization",
      );
    }
    for (const address of [erc721Clone, core.erc721Implementation]) {
      await expectRevert(
        chain.client.writeContract({
          account: stranger,
          address,
          abi: tokenHubERC721Abi,
          functionName: "initialize",
          args: ["X", "X", true, ...takeover],
        }),
        "InvalidInitialization",
      );
    }
    for (const address of [erc1155Clone, core.erc1155Implementation]) {
      await expectRevert(
        chain.client.writeContract({
          account: stranger,
          address,
          abi: tokenHubERC1155Abi,
          functionName: "initialize",
          args: ["X", "X", true, ...takeover],
        }),
        "InvalidInitialization",
      );
    }
  });
});
