import type { GasParts } from "./trace.js";
import { boundOf, type GasBound, type GasReport, type GasRow, missedTarget } from "./targets.js";

const gas = (value: number) => value.toLocaleString("en-US");

const PARTS: [keyof GasParts, string][] = [
  ["intrinsic", "transaction and calldata"],
  ["sstore", "SSTORE"],
  ["sload", "SLOAD"],
  ["logs", "events"],
  ["codeSize", "EXTCODESIZE (receiver check)"],
  ["calls", "calls (delegatecall, ecrecover)"],
  ["computation", "everything else"],
];
const ratio = (value: number) => `${value.toFixed(3)}x`;

function boundText(bound: GasBound): string {
  return "gas" in bound ? `<= ${gas(bound.gas)} gas` : `<= ${bound.ratio.toFixed(2)}x ${bound.of.name}`;
}

/** tokenhub's figure against the target's reference (as a ratio) or against its gas bound. */
function against(value: number, bound: GasBound): string {
  return "gas" in bound ? gas(value) : `${gas(value)} (${ratio(value / bound.of.gas)})`;
}

function outcome(row: GasRow): string {
  const missed = missedTarget(row);
  if (missed === undefined) return "met";
  if (row.unreachable === undefined) return `MISSED: ${missed}`;
  return `missed, unreachable ${row.unreachable.why} (bench/README.md); held to ${boundText(boundOf(row))}`;
}

/** The report as Markdown, ready for bench/README.md. */
export function formatReport(report: GasReport): string {
  const lines = [
    "| operation | tokenhub | issue's target | outcome | with an access list | generation 2 | generation 1 |",
    "|---|---|---|---|---|---|---|",
    ...report.rows.map((row) =>
      [
        "",
        row.operation,
        against(row.tokenhub, row.target),
        "gas" in row.target ? boundText(row.target) : `<= ${row.target.ratio.toFixed(2)}x ${row.target.of.name} ${gas(row.target.of.gas)}`,
        outcome(row),
        gas(row.withAccessList),
        against(row.before.generation2, row.target),
        against(row.before.generation1, row.target),
        "",
      ]
        .join(" | ")
        .trim(),
    ),
    "",
    "Other references:",
    "",
    ...report.rows.flatMap((row) => row.others.map((other) => `- ${row.operation}: ${other.name} ${gas(other.gas)} (tokenhub ${ratio(row.tokenhub / other.gas)})`)),
    "",
    "| collection | created (generation 3, minting proxy) | generation 2 (EIP-1167 clone) | difference | single mint saves | paid back after (single mints) | full deployment |",
    "|---|---|---|---|---|---|---|",
    ...report.creation.map((figures) => {
      const extra = figures.current - figures.clone;
      return `| ${figures.kind} | ${gas(figures.current)} | ${gas(figures.clone)} | ${gas(extra)} | ${gas(figures.singleMintSaving)} | ${gas(Math.ceil(extra / figures.singleMintSaving))} | ${gas(figures.fullDeployment)} |`;
    }),
    ...report.breakdowns.flatMap((breakdown) => [
      "",
      `${breakdown.title}:`,
      "",
      `| part | ${breakdown.columns.map((column) => column.name).join(" | ")} |`,
      `|---|${breakdown.columns.map(() => "---|").join("")}`,
      ...PARTS.map(([part, label]) => `| ${label} | ${breakdown.columns.map((column) => gas(column.parts[part])).join(" | ")} |`),
      `| total | ${breakdown.columns.map((column) => gas(Object.values(column.parts).reduce((sum, value) => sum + value, 0))).join(" | ")} |`,
    ]),
  ];
  return lines.join("\n");
}
