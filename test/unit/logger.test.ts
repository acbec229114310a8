import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger.js";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: "info", write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

describe("logger", () => {
  it("writes one JSON object per line with level, message and fields", () => {
    const { logger, lines } = capture();
    logger.child({ requestId: "r1" }).info("request", { status: 200, tokenId: 5n });
    expect(lines).toEqual([{ time: expect.any(String), level: "info", msg: "request", requestId: "r1", status: 200, tokenId: "5" }]);
  });

  it("replaces secrets by field name and database passwords inside strings", () => {
    const { logger, lines } = capture();
    logger.warn("connecting to postgresql://tokenhub:s3cret@db:5432/x", {
      authorization: "Bearer abc",
      adminToken: "thk_x",
      privateKey: "0xabc",
      nested: { password: "p", apiKey: "k", tokenId: "1" },
      error: new Error("failed: postgres://u:hunter2@h/db"),
      rpc: "URL: https://base-mainnet.example.com/v2/SECRETKEY?key=abc",
    });
    expect(lines[0]).toEqual({
      time: expect.any(String),
      level: "warn",
      msg: "connecting to postgresql://tokenhub:***@db:5432/x",
      authorization: "[redacted]",
      adminToken: "[redacted]",
      privateKey: "[redacted]",
      nested: { password: "[redacted]", apiKey: "[redacted]", tokenId: "1" },
      error: { name: "Error", message: "failed: postgres://u:***@h/db" },
      rpc: "URL: https://base-mainnet.example.com/…",
    });
  });

  it("drops lines below its level", () => {
    const { logger, lines } = capture();
    logger.debug("noise");
    expect(lines).toEqual([]);
  });
});
