import { getContractAddress, keccak256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc6551RegistryInitCode, tokenFactoryAbi } from "../../abis/index.js";
import {
  CREATE2_DEPLOYER,
  Create2DeployerMissingError,
  ERC6551_REGISTRY,
  ERC6551_REGISTRY_SALT,
  deployCore,
  deployGeneration,
  predictCoreAddresses,
  predictGenerationAddresses,
} from "../../server/chain/deployCore.js";
import { snapshotChain, startTestChain, type TestChain } from "../helpers/anvil.js";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain?.stop());

describe("ERC-6551 registry", () => {
  it("is deployed from the published init code, whose CREATE2 address is the canonical one", () => {
    expect(keccak256(erc6551RegistryInitCode)).toBe(
      "0xfeeadc206aa128c940cfed856f55c2b49b21803ba09bb22c2a88fa13a0cc540d",
    );
    expect(
      getContractAddress({
        opcode: "CREATE2",
        from: CREATE2_DEPLOYER,
        salt: ERC6551_REGISTRY_SALT,
        bytecode: erc6551RegistryInitCode,
      }),
    ).toBe(ERC6551_REGISTRY);
    expect(predictCoreAddresses().erc6551Registry).toBe(ERC6551_REGISTRY);
  });
});

describe("deployCore", () => {
  it("fails clearly when the CREATE2 deployer is missing", async () => {
    const revert = await snapshotChain(chain);
    await chain.client.setCode({ address: CREATE2_DEPLOYER, bytecode: "0x" });
    await expect(deployCore(chain.client, chain.accounts[0]!)).rejects.toBeInstanceOf(Create2DeployerMissingError);
    await revert();
  });

  it("deploys what is missing at the predicted addresses, then nothing", async () => {
    const predicted = predictCoreAddresses();
    const first = await deployCore(chain.client, chain.accounts[0]!);
    expect(first.addresses).toEqual(predicted);
    expect(first.deployed).toEqual([
      "erc6551Registry",
      "accountImplementation",
      "erc20Implementation",
      "erc721Implementation",
      "erc1155Implementation",
      "tokenFactory",
    ]);
    for (const address of Object.values(predicted)) {
      expect(await chain.client.getCode({ address })).toMatch(/^0x[0-9a-f]{2,}$/);
    }
    // The block each was deployed in (the factory's is where a chain is indexed from): its code is there, not before.
    expect(Object.keys(first.blocks)).toEqual(first.deployed);
    for (const name of first.deployed) {
      const block = first.blocks[name]!;
      expect(await chain.client.getCode({ address: predicted[name], blockNumber: block })).toMatch(/^0x[0-9a-f]{2,}$/);
      expect(await chain.client.getCode({ address: predicted[name], blockNumber: block - 1n })).toBeUndefined();
    }

    const second = await deployCore(chain.client, chain.accounts[1]!);
    expect(second).toEqual({ addresses: predicted, deployed: [], blocks: {} });
  });

  it("wires the factory to the predicted implementations", async () => {
    const { tokenFactory, erc20Implementation, erc721Implementation, erc1155Implementation } = predictCoreAddresses();
    const read = (functionName: "erc20Implementation" | "erc721Implementation" | "erc1155Implementation") =>
      chain.client.readContract({ address: tokenFactory, abi: tokenFactoryAbi, functionName });
    expect(await read("erc20Implementation")).toBe(erc20Implementation);
    expect(await read("erc721Implementation")).toBe(erc721Implementation);
    expect(await read("erc1155Implementation")).toBe(erc1155Implementation);
  });

  it("deploys only the contracts missing from a partial deployment", async () => {
    const { accountImplementation } = predictCoreAddresses();
    // Erasing needs the nonce too: CREATE2 refuses an address whose nonce is not zero.
    await chain.client.setCode({ address: accountImplementation, bytecode: "0x" });
    await chain.client.setNonce({ address: accountImplementation, nonce: 0 });
    const { deployed } = await deployCore(chain.client, chain.accounts[0]!);
    expect(deployed).toEqual(["accountImplementation"]);
  });
});

describe("generations", () => {
  it("generations 1 and 2 live where every installation before the next one deployed them, with the same account implementation", () => {
    expect(predictGenerationAddresses(1)).toEqual({
      erc20Implementation: "0x175dA37Af00D5663a4B0bb6078Ea8E58e22397C6",
      erc721Implementation: "0xfEB8F1e2595246072a8aAdf20686D24d4673e71a",
      erc1155Implementation: "0x7810BF4e112726bA6Bebe977A29AFe960C032299",
      tokenFactory: "0x71bB98A96b95A48C1b31D6DD30C0fdE0055Fe487",
    });
    expect(predictGenerationAddresses(2)).toEqual({
      erc20Implementation: "0x194661304a9d457c995e954a5c63287902Fd0C02",
      erc721Implementation: "0x799777B0483475905B215dDb1f735650d5C76F26",
      erc1155Implementation: "0xe1Bc2FBBd04D245d3c275242cf07106Fb92d82D1",
      tokenFactory: "0x155eA8042521d125D4fc3D599A97a69E1ca4593c",
    });
    // Accounts are bound to the account implementation's address: it must never move.
    expect(predictCoreAddresses().accountImplementation).toBe("0xeD693374cc57DbcAD6e7AF3462e54353D510a5d1");
  });

  it("generation 3 has new addresses and lives beside generations 1 and 2, each factory creating from its own implementations", async () => {
    const earlier = [predictGenerationAddresses(1), predictGenerationAddresses(2)];
    const current = predictCoreAddresses();
    for (const name of ["erc20Implementation", "erc721Implementation", "erc1155Implementation", "tokenFactory"] as const) {
      for (const generation of earlier) expect(current[name], name).not.toBe(generation[name]);
    }
    await deployCore(chain.client, chain.accounts[0]!);
    expect(await deployGeneration(chain.client, chain.accounts[0]!, 1)).toEqual(earlier[0]);
    expect(await deployGeneration(chain.client, chain.accounts[0]!, 2)).toEqual(earlier[1]);
    for (const address of earlier.flatMap(Object.values)) expect(await chain.client.getCode({ address })).toMatch(/^0x[0-9a-f]{2,}$/);
    const implementationOf = (factory: `0x${string}`) =>
      chain.client.readContract({ address: factory, abi: tokenFactoryAbi, functionName: "erc721Implementation" });
    for (const generation of [...earlier, current]) expect(await implementationOf(generation.tokenFactory)).toBe(generation.erc721Implementation);
  });
});
