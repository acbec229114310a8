import { keccak256, stringToHex, toEventSelector, toFunctionSelector, type Abi } from "viem";
import { describe, expect, it } from "vitest";
import {
  erc6551RegistryAbi,
  tokenHubAccountAbi,
  tokenHubERC1155Abi,
  tokenHubERC20Abi,
  tokenHubERC721Abi,
} from "../../abis/index.js";

const eventSelector = (abi: Abi, name: string) => {
  const event = abi.find((item) => item.type === "event" && item.name === name);
  if (!event || event.type !== "event") throw new Error(`${name} is not in the ABI`);
  return toEventSelector(event);
};

/** The topic0 values contracts.md publishes, re-derived from the signatures and from our compiled ABIs. */
describe("published topics and interface ids", () => {
  it.each([
    ["MetadataUpdate(uint256)", "0xf8e1a15aba9398e019f0b49df1a4fde98ee17ae345cb5f6b5e2c27f5033e8ce7"],
    ["BatchMetadataUpdate(uint256,uint256)", "0x6bd5c950a8d8df17f772f5af37cb3655737899cbf903264b9795592da439661c"],
    ["ContractURIUpdated()", "0xa5d4097edda6d87cb9329af83fb3712ef77eeb13738ffe43cc35a4ce305ad962"],
    [
      "ERC6551AccountCreated(address,address,bytes32,uint256,address,uint256)",
      "0x79f19b3655ee38b1ce526556b7731a20c8f218fbda4a3990b6cc4172fdf88722",
    ],
  ])("%s has topic0 %s", (signature, topic) => {
    expect(keccak256(stringToHex(signature))).toBe(topic);
  });

  it("matches the events in the compiled ABIs", () => {
    for (const abi of [tokenHubERC721Abi, tokenHubERC1155Abi]) {
      expect(eventSelector(abi, "MetadataUpdate")).toBe(keccak256(stringToHex("MetadataUpdate(uint256)")));
      expect(eventSelector(abi, "BatchMetadataUpdate")).toBe(
        keccak256(stringToHex("BatchMetadataUpdate(uint256,uint256)")),
      );
    }
    for (const abi of [tokenHubERC20Abi, tokenHubERC721Abi, tokenHubERC1155Abi]) {
      expect(eventSelector(abi, "ContractURIUpdated")).toBe(keccak256(stringToHex("ContractURIUpdated()")));
      expect(eventSelector(abi, "PermitUsed")).toBe(keccak256(stringToHex("PermitUsed(address,uint256)")));
    }
    expect(eventSelector(tokenHubERC1155Abi, "URI")).toBe(keccak256(stringToHex("URI(string,uint256)")));
    expect(eventSelector(erc6551RegistryAbi, "ERC6551AccountCreated")).toBe(
      "0x79f19b3655ee38b1ce526556b7731a20c8f218fbda4a3990b6cc4172fdf88722",
    );
    expect(eventSelector(tokenHubAccountAbi, "Executed")).toBe(
      keccak256(stringToHex("Executed(address,address,uint256,bytes)")),
    );
  });

  it("derives the ERC-6551 interface ids from their functions", () => {
    const xor = (signatures: string[]) =>
      `0x${signatures
        .map((signature) => Number.parseInt(toFunctionSelector(signature).slice(2), 16))
        .reduce((a, b) => (a ^ b) >>> 0, 0)
        .toString(16)
        .padStart(8, "0")}`;
    expect(xor(["token()", "state()", "isValidSigner(address,bytes)"])).toBe("0x6faff5f1");
    expect(xor(["execute(address,uint256,bytes,uint8)"])).toBe("0x51945447");
  });
});
