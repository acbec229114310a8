import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatReport } from "../../bench/gas/format.js";
import { measureGas } from "../../bench/gas/measure.js";
import { exceeded, type GasReport, type GasRow, missedBound, missedTarget } from "../../bench/gas/targets.js";
import { type AnvilInstance, startAnvil } from "../../server/chain/anvil.js";

let node: AnvilInstance;
let report: GasReport;
beforeAll(async () => {
  node = await startAnvil({ quiet: true });
  // bench/gas itself: the same contracts and calldata, references compiled now from the npm packages, the same figures.
  report = await measureGas(node.rpcUrl);
}, 240_000);
afterAll(() => node?.stop());

const rowNamed = (operation: string) => report.rows.find((row) => row.operation === operation)!;

describe("gas (bench/gas, issue 20's targets, as the service sends each transaction)", () => {
  it("measures every row of the table", () => {
    expect(report.rows.map((row) => row.operation)).toEqual([
      "ERC-721 mint, fresh address",
      "ERC-721, 40 mints joined, per mint",
      "ERC-1155 mint, new holder",
      "ERC-1155, 40 mints joined, per mint",
      "ERC-20 mint, new holder",
      "ERC-20, 40 mints joined, per mint",
      "ERC-721 mintWithPermit, a collection's first",
      "ERC-721 mintWithPermit, steady, among a signer's first 248",
      "ERC-721 mintWithPermit, steady, from the 249th on",
      "ERC-721 mintWithPermit, the first in a new word of nonces",
    ]);
  });

  it("meets the issue's target on every row but the two it cannot be met on without dropping a guarantee", () => {
    const missed = report.rows.filter((row) => missedTarget(row) !== undefined).map((row) => row.operation);
    expect(missed, formatReport(report)).toEqual(["ERC-721, 40 mints joined, per mint", "ERC-721 mintWithPermit, the first in a new word of nonces"]);
    for (const operation of missed) expect(rowNamed(operation).unreachable, operation).toBeDefined();
  });

  it("keeps every figure within what it is held to: the issue's target, or on those two rows the bound bench/README.md derives", () => {
    const above = report.rows.flatMap((row) => {
      const why = missedBound(row);
      return why === undefined ? [] : [`${row.operation}: ${why}`];
    });
    expect(above, formatReport(report)).toEqual([]);
  });

  it("is cheaper than before issue 20 (generation 1) on every row", () => {
    for (const row of report.rows) expect(row.tokenhub, row.operation).toBeLessThan(row.before.generation1);
  });

  it("single mints no longer pay a clone's delegatecall: each is cheaper than on generation 2's clones", () => {
    for (const operation of ["ERC-721 mint, fresh address", "ERC-1155 mint, new holder", "ERC-20 mint, new holder"]) {
      const row = rowNamed(operation);
      expect(row.before.generation2 - row.tokenhub, operation).toBeGreaterThan(2_600);
    }
  });
});

describe("gas targets", () => {
  const reference = { name: "reference", gas: 50_000 };
  const row = (tokenhub: number, target: GasRow["target"], unreachable?: GasRow["unreachable"]): GasRow => ({
    operation: "a mint",
    tokenhub,
    target,
    ...(unreachable === undefined ? {} : { unreachable }),
    withAccessList: tokenhub,
    before: { generation2: 0, generation1: 0 },
    others: [],
  });

  it("a figure above its target is reported, one at or below it is not", () => {
    expect(exceeded(50_000, { ratio: 1, of: reference })).toBeUndefined();
    expect(exceeded(50_001, { ratio: 1, of: reference })).toBe("1.00002x reference > 1x");
    expect(exceeded(100_000, { gas: 100_000 })).toBeUndefined();
    expect(exceeded(100_001, { gas: 100_000 })).toBe("100001 gas > 100000");
  });

  it("a row whose target is unreachable is held to its bound instead, and still reports the target missed", () => {
    const unreachable = { why: "a guarantee", holds: { ratio: 1, of: { name: "same behaviour", gas: 52_000 } } };
    expect(missedTarget(row(52_000, { ratio: 1, of: reference }, unreachable))).toBe("1.04000x reference > 1x");
    expect(missedBound(row(52_000, { ratio: 1, of: reference }, unreachable))).toBeUndefined();
    expect(missedBound(row(52_001, { ratio: 1, of: reference }, unreachable))).toBe("1.00002x same behaviour > 1x");
    expect(missedBound(row(50_001, { ratio: 1, of: reference }))).toBe("1.00002x reference > 1x");
  });
});
