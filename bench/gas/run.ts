/**
 * Gas benchmark: every mint path of tokenhub's contracts against the contracts its users would otherwise deploy,
 * compiled in the same run from the npm packages (`@openzeppelin/contracts`, `erc721a`), on one anvil, printed as
 * ratios with each row's target; then what a collection costs to create by generation and as a full deployment, and
 * where the gas of the rows whose target is unreachable goes (from opcode traces).
 *
 *   npm run bench:gas [-- --batch 40]
 */
import { parseArgs } from "node:util";
import { startAnvil } from "../../server/chain/anvil.js";
import { formatReport } from "./format.js";
import { measureGas } from "./measure.js";

const { values } = parseArgs({ options: { batch: { type: "string", default: "40" } } });

const node = await startAnvil({ quiet: true });
try {
  const report = await measureGas(node.rpcUrl, { batch: Number(values.batch), traces: true, progress: (line) => console.error(`... ${line}`) });
  console.log(formatReport(report));
} finally {
  await node.stop();
}
