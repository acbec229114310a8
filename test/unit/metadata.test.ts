import { describe, expect, it } from "vitest";
import { effectiveMetadata } from "../../server/services/metadata/metadata.js";

describe("effective metadata", () => {
  it("takes collection defaults, overridden field by field by the token's own, in OpenSea form", () => {
    const defaults = { name: "Club pass", description: "Entry to the club", mediaUrl: "https://m/pass.png", traits: [{ name: "tier", value: "basic" }] };
    const own = { name: "Gold pass", externalUrl: "https://club.example/1", traits: [{ name: "tier", value: "gold" }, { name: "level", value: 3 }] };
    expect(effectiveMetadata(defaults, own, "Club #1")).toEqual({
      name: "Gold pass",
      description: "Entry to the club",
      image: "https://m/pass.png",
      external_url: "https://club.example/1",
      attributes: [
        { trait_type: "tier", value: "gold" },
        { trait_type: "level", value: 3 },
      ],
    });
  });

  it("accepts the OpenSea names on write and falls back to a name when nothing is set", () => {
    expect(effectiveMetadata(null, { image: "ipfs://x", attributes: [{ trait_type: "speed", value: 9, display_type: "number" }] }, "Club #2")).toEqual({
      name: "Club #2",
      description: "",
      image: "ipfs://x",
      attributes: [{ trait_type: "speed", value: 9, display_type: "number" }],
    });
    expect(effectiveMetadata(undefined, undefined, "Club #3")).toEqual({ name: "Club #3", description: "", image: "", attributes: [] });
  });
});
