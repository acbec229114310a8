import { decodeFunctionData, maxUint256, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { tokenHubERC1155Abi } from "../../abis/index.js";
import { metadataInputSchema, metadataUpdateSchema } from "../../server/schemas/metadata.js";
import { propagationCalldata } from "../../server/services/metadata/metadataPropagation.js";

describe("metadata write form", () => {
  it("stores the write form under the OpenSea names, and an update removes every spelling of the fields it touches", () => {
    expect(
      metadataUpdateSchema.parse({ name: "Gold", mediaUrl: "https://m.example/g.png", externalUrl: "", traits: [{ name: "tier", value: "gold" }, { name: "level", value: 3 }] }),
    ).toEqual({
      set: { name: "Gold", image: "https://m.example/g.png", attributes: [{ trait_type: "tier", value: "gold" }, { trait_type: "level", value: 3 }] },
      remove: ["name", "image", "mediaUrl", "external_url", "externalUrl", "attributes", "traits"],
    });
    expect(metadataUpdateSchema.parse({ description: null, image: "ipfs://bafy", attributes: [{ trait_type: "speed", value: 9, display_type: "number" }] })).toEqual({
      set: { image: "ipfs://bafy", attributes: [{ trait_type: "speed", value: 9, display_type: "number" }] },
      remove: ["description", "image", "mediaUrl", "attributes", "traits"],
    });
    expect(metadataInputSchema.parse({ name: "Pass", external_url: "https://club.example", unknown: 1 })).toEqual({ name: "Pass", external_url: "https://club.example" });
  });

  it("refuses what it cannot store faithfully, naming the field", () => {
    const issues = (value: unknown) => metadataUpdateSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues({ mediaUrl: "https://a.example/1.png", image: "https://a.example/2.png" })).toEqual(["image: give either mediaUrl or image, not both"]);
    expect(issues({ traits: [], attributes: [] })).toEqual(["attributes: give either traits or attributes, not both"]);
    expect(issues({ mediaUrl: "javascript:alert(1)" })).toEqual(["mediaUrl: must be an http(s), ipfs, ar or data URL"]);
    expect(issues({ traits: [{ name: "", value: true }] })).toEqual(["traits.0.name: must not be empty", "traits.0.value: must be a string or a number"]);
    expect(issues({ name: 7 })).toEqual(["name: must be a string"]);
    expect(issues({})).toEqual([": sets no field"]);
    expect(issues("x")).toEqual([": must be an object"]);
    expect(metadataInputSchema.safeParse({ name: null }).success).toBe(false);
  });
});

describe("propagation transaction", () => {
  const decode = (data: Hex) => decodeFunctionData({ abi: tokenHubERC1155Abi, data });

  it("announces one token with one call, and several changes through multicall", () => {
    expect(decode(propagationCalldata({ tokenIds: [7n], collection: false }))).toEqual({ functionName: "notifyMetadataUpdate", args: [7n] });
    const batch = decode(propagationCalldata({ tokenIds: [1n, 2n], collection: true }));
    expect(batch.functionName).toBe("multicall");
    expect((batch.args![0] as Hex[]).map(decode)).toEqual([
      { functionName: "notifyBatchMetadataUpdate", args: [0n, maxUint256] },
      { functionName: "notifyContractURIUpdate", args: undefined },
      { functionName: "notifyMetadataUpdate", args: [1n] },
      { functionName: "notifyMetadataUpdate", args: [2n] },
    ]);
  });

  it("replaces more than 100 token events by one whole-collection event", () => {
    const many = Array.from({ length: 101 }, (_, index) => BigInt(index + 1));
    expect(decode(propagationCalldata({ tokenIds: many, collection: false }))).toEqual({ functionName: "notifyBatchMetadataUpdate", args: [0n, maxUint256] });
  });
});
