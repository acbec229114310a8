import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatReport } from "../../bench/gas/format.js";
import { measureGas } from "../../bench/gas/measure.js";
import { type GasReport, type GasRow, missedTarget } from "../../bench/gas/targets.js";
import { startTestChain, type TestChain } from "../helpers/anvil.js";

let chain: TestChain;
let report: GasReport;
beforeAll(async () => {
  chain = await startTestChain();
  // bench/gas itself: the same contracts, references compiled now from the npm packages, the same figures.
  report = await measureGas(chain.node.rpcUrl);
}, 180_000);
afterAll(() => chain?.stop());

describe("gas (bench/gas, issue 20's targets)", () => {
  it("measures every row of the table", () => {
    expect(report.rows.map((row) => row.operation)).toEqual([
      "ERC-721 mint, fresh address",
      "ERC-721, 40 mints joined, per mint",
      "ERC-1155 mint, new holder",
      "ERC-1155, 40 mints joined, per mint",
      "ERC-20 mint, new holder",
      "ERC-20, 40 mints joined, per mint",
      "ERC-721 mintWithPermit",
    ]);
  });

  it("keeps every figure within its target", () => {
    const missed = report.rows.flatMap((row) => {
      const why = missedTarget(row);
      return why === undefined ? [] : [`${row.operation}: ${why}`];
    });
    expect(missed, formatReport(report)).toEqual([]);
  });

  it("is cheaper than generation 1 on every row", () => {
    for (const row of report.rows) expect(row.tokenhub, row.operation).toBeLessThan(row.before);
  });
});

describe("gas targets", () => {
  const row = (tokenhub: number, target: GasRow["target"], fullDeployment?: number): GasRow => ({
    operation: "a mint",
    tokenhub,
    ...(fullDeployment === undefined ? {} : { fullDeployment }),
    before: 0,
    reference: { name: "reference", gas: 50_000 },
    others: [],
    target,
  });

  it("a figure above its target is reported, one at or below it is not", () => {
    expect(missedTarget(row(50_000, { ratio: 1 }))).toBeUndefined();
    expect(missedTarget(row(50_001, { ratio: 1 }))).toBe("ratio 1.0000 > 1");
    expect(missedTarget(row(100_000, { gas: 100_000 }))).toBeUndefined();
    expect(missedTarget(row(100_001, { gas: 100_000 }))).toBe("100001 gas > 100000");
  });

  it("a single mint is held to the ratio without the clone, and the clone to its premium", () => {
    expect(missedTarget(row(52_700, { ratio: 1, clonePremium: 2_700 }, 50_000))).toBeUndefined();
    expect(missedTarget(row(52_701, { ratio: 1, clonePremium: 2_700 }, 50_000))).toBe("clone premium 2701 gas > 2700");
    expect(missedTarget(row(52_700, { ratio: 1, clonePremium: 2_700 }, 50_100))).toBe("ratio 1.0020 > 1");
  });
});
