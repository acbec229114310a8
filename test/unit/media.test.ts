import { describe, expect, it } from "vitest";
import { parseRange } from "../../server/services/media/media.js";
import { isAllowedType, sniffText } from "../../server/services/media/mediaTypes.js";

describe("byte ranges", () => {
  it("reads a single range in each form RFC 9110 gives, clamped to the file", () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", range: { start: 0, end: 9 } });
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "partial", range: { start: 90, end: 99 } });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", range: { start: 90, end: 99 } });
    expect(parseRange("bytes=-500", 100)).toEqual({ kind: "partial", range: { start: 0, end: 99 } });
    expect(parseRange("bytes=50-500", 100)).toEqual({ kind: "partial", range: { start: 50, end: 99 } });
  });

  it("answers a range past the end as unsatisfiable, and anything it does not serve as the whole file", () => {
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    for (const header of ["bytes=0-1,5-6", "bytes=9-3", "items=0-1", "bytes=-", "bytes=abc"]) expect(parseRange(header, 100)).toEqual({ kind: "whole" });
  });
});

describe("text formats by content", () => {
  const sniff = (text: string) => sniffText(Buffer.from(text));

  it("finds SVG behind a BOM, an XML declaration, comments and a doctype", () => {
    expect(sniff('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"/>')).toEqual({
      mime: "image/svg+xml",
      extension: "svg",
    });
    expect(sniff("<svg>")).toEqual({ mime: "image/svg+xml", extension: "svg" });
    expect(sniff("<svgfoo>")).toBeUndefined();
  });

  it("tells HTML, JSON and glTF apart, and recognises nothing else", () => {
    expect(sniff("  <!DOCTYPE html><p>hi")).toEqual({ mime: "text/html", extension: "html" });
    expect(sniff('{"name":"x"}')).toEqual({ mime: "application/json", extension: "json" });
    expect(sniff("[1,2]")).toEqual({ mime: "application/json", extension: "json" });
    expect(sniff('{\n  "accessors": [],\n  "asset": { "generator": "Blender", "version": "2.0" }\n}')).toEqual({ mime: "model/gltf+json", extension: "gltf" });
    expect(sniff("hello")).toBeUndefined();
    expect(sniffText(Buffer.from([0xff, 0xfe, 0x00, 0x7b]))).toBeUndefined();
  });
});

describe("accepted types", () => {
  it("matches exact types and type/* wildcards only", () => {
    expect(isAllowedType("image/png", ["image/*"])).toBe(true);
    expect(isAllowedType("model/gltf-binary", ["image/*", "model/gltf-binary"])).toBe(true);
    expect(isAllowedType("text/html", ["image/*", "application/json"])).toBe(false);
    expect(isAllowedType("application/json5", ["application/json"])).toBe(false);
  });
});
