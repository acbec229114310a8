import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";
import { ContractCompilationError, compile } from "../../scripts/compile-contracts.js";

const referencesDir = fileURLToPath(new URL("./references", import.meta.url));

export type CompiledContract = { abi: Abi; bytecode: Hex; runtimeSize: number };

/**
 * Compiles the reference contracts (bench/gas/references/*.sol) from the npm packages installed now
 * (`@openzeppelin/contracts`, `erc721a`), with tokenhub's own compiler settings, so both sides of every ratio are
 * built alike in the same run.
 */
export async function compileReferences(): Promise<Record<string, CompiledContract>> {
  const sources: Record<string, { content: string }> = {};
  for (const file of (await readdir(referencesDir)).filter((name) => name.endsWith(".sol")).sort()) {
    sources[`bench/gas/references/${file}`] = { content: await readFile(join(referencesDir, file), "utf8") };
  }
  const output = compile(sources, ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"]);
  const compiled: Record<string, CompiledContract> = {};
  for (const source of Object.keys(sources)) {
    for (const [name, artifact] of Object.entries(output.contracts?.[source] ?? {})) {
      compiled[name] = {
        abi: artifact.abi as Abi,
        bytecode: `0x${artifact.evm.bytecode.object}`,
        runtimeSize: (artifact.evm.deployedBytecode?.object.length ?? 0) / 2,
      };
    }
  }
  if (Object.keys(compiled).length === 0) throw new ContractCompilationError(["no reference contract compiled"]);
  return compiled;
}
