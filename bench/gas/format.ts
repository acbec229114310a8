import { comparedGas, type GasReport, type GasRow, missedTarget, ratioOf } from "./targets.js";

const gas = (value: number) => value.toLocaleString("en-US");
const ratio = (value: number) => `${value.toFixed(3)}x`;

function targetOf(row: GasRow): string {
  const { target } = row;
  if ("gas" in target) return `<= ${gas(target.gas)} gas`;
  return target.clonePremium === undefined ? `<= ${target.ratio.toFixed(2)}x` : `<= ${target.ratio.toFixed(2)}x, clone + <= ${gas(target.clonePremium)}`;
}

function tokenhubOf(row: GasRow): string {
  if (row.fullDeployment === undefined) return gas(row.tokenhub);
  return `${gas(row.tokenhub)} (code ${gas(comparedGas(row))} + clone ${gas(row.tokenhub - row.fullDeployment)})`;
}

/** The report as Markdown tables, ready for bench/README.md. */
export function formatReport(report: GasReport): string {
  const lines = [
    "| operation | tokenhub | reference | ratio | target | | before (generation 1) |",
    "|---|---|---|---|---|---|---|",
    ...report.rows.map((row) =>
      [
        "",
        row.operation,
        tokenhubOf(row),
        `${row.reference.name} ${gas(row.reference.gas)}`,
        `${ratio(ratioOf(row))}${row.fullDeployment === undefined ? "" : ` (clone ${ratio(row.tokenhub / row.reference.gas)})`}`,
        targetOf(row),
        missedTarget(row) === undefined ? "met" : `MISSED: ${missedTarget(row)}`,
        `${gas(row.before)} (${ratio(row.before / row.reference.gas)})`,
        "",
      ].join(" | ").trim(),
    ),
    "",
    "Other references:",
    "",
    ...report.rows.flatMap((row) =>
      row.others.map((other) => `- ${row.operation}: ${other.name} ${gas(other.gas)} (tokenhub ${ratio(row.tokenhub / other.gas)})`),
    ),
    "",
    `| collection | created as a clone | as a full deployment | difference | clone premium per transaction | paid back after (single-mint transactions) | (mints joined ${report.batch} per transaction) |`,
    "|---|---|---|---|---|---|---|",
    ...report.deployments.map((deployment) => {
      const extra = deployment.fullDeployment - deployment.clone;
      return `| ${deployment.kind} | ${gas(deployment.clone)} | ${gas(deployment.fullDeployment)} | ${gas(extra)} | ${gas(deployment.premium)} | ${gas(Math.ceil(extra / deployment.premium))} | ${gas(Math.ceil(extra / deployment.premium) * report.batch)} mints |`;
    }),
  ];
  return lines.join("\n");
}
