/**
 * Ponder's output as the operator reads it at the default level (issue 38, Deliver 6): the lines of
 * server/indexer/README.md item 20 are dropped (the idle warning on local chains only), everything else passes,
 * whole lines, in both of Ponder's formats. That Ponder still writes these lines is pinned by the contract test.
 */
import { describe, expect, it } from "vitest";
import { operatorOutput } from "../../server/indexer/ponderLaunch.js";

function filtered(chunks: string[], idleChains = ["local"]): string {
  let written = "";
  const write = operatorOutput((chunk) => (written += chunk.toString()), idleChains);
  for (const chunk of chunks) write(Buffer.from(chunk));
  return written;
}

describe("Ponder's output at the default level", () => {
  it("drops the per-block, crash-recovery and local idle lines of the text format, and keeps the rest", () => {
    const lines = [
      "13:47:09.726 INFO  Indexed block range chain=local event_count=0 block_range=[0,0] (3ms)",
      "13:47:09.993 INFO  Indexed block chain=local number=1 event_count=0 (12ms)",
      "13:48:34.059 INFO  Detected crash recovery build_id=1b6be12d11 last_active=14s schema=tokenhub_index_43613c1b",
      "13:47:39.959 WARN  No new block received within expected time chain=local",
      "13:47:39.960 WARN  No new block received within expected time chain=sepolia",
      "13:47:09.806 INFO  Started returning 200 responses endpoint=/ready",
    ];
    expect(filtered([`${lines.join("\n")}\n`])).toBe(`${[lines[0], lines[4], lines[5]].join("\n")}\n`);
  });

  it("does the same in the JSON format", () => {
    const lines = [
      '{"level":30,"time":1,"msg":"Indexed block","chain":"local","chain_id":31337,"number":5,"event_count":1}',
      '{"level":30,"time":1,"msg":"Indexed block range","chain":"local","chain_id":31337,"event_count":0}',
      '{"level":30,"time":1,"msg":"Detected crash recovery","build_id":"1b6be12d11"}',
      '{"level":40,"time":1,"msg":"No new block received within expected time","chain":"local","chain_id":31337}',
      '{"level":40,"time":1,"msg":"No new block received within expected time","chain":"base","chain_id":8453}',
    ];
    expect(filtered([`${lines.join("\n")}\n`])).toBe(`${[lines[1], lines[4]].join("\n")}\n`);
  });

  it("judges whole lines: a line split across chunks is written once complete", () => {
    expect(filtered(["13:47:09.993 INFO  Indexed bl", "ock chain=local number=1 (12ms)\n13:47:09.806 INFO  Star", "ted returning 200 responses endpoint=/ready\n"])).toBe(
      "13:47:09.806 INFO  Started returning 200 responses endpoint=/ready\n",
    );
  });
});
