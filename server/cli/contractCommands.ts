import fs from "node:fs";
import { type Address, getAddress, isAddress } from "viem";
import { loadChainsConfig } from "../chain/chainsConfig.js";
import { loadSigners, localSignerAccount } from "../chain/signers.js";
import type { Settings } from "../config/env.js";
import { readRuntimeConfig, runtimeFilePath } from "../config/runtime.js";
import { ConfigError, NotFoundError } from "../errors.js";
import { importContract } from "../services/collections/importContract.js";
import { findProjectByName } from "../store/projects.js";
import { withStore } from "./storeAccess.js";
import type { Output } from "./tokenCommands.js";

/** `tokenhub contract import`: claims an external contract of the chains file for a project. */
export async function contractImport(settings: Settings, out: Output, options: { project: string; chain: string; address: string }): Promise<void> {
  const chainId = Number(options.chain);
  const chain = loadChainsConfig(settings.chainsFile).find((candidate) => candidate.id === chainId);
  if (!chain) throw new NotFoundError(`Chain ${options.chain} is not in the chains file.`);
  if (!isAddress(options.address, { strict: false })) throw new ConfigError(`${options.address} is not an address.`);
  let rpcUrl: string[];
  if (chain.rpcUrl === undefined) {
    // The local chain runs only with the service: its address is in what the running service resolved.
    const file = runtimeFilePath(settings.dataDir);
    const local = fs.existsSync(file) ? readRuntimeConfig(file).chains.find((candidate) => candidate.id === chainId) : undefined;
    if (!local) throw new ConfigError(`Chain ${chainId} is the local chain: start the service (npm start) before importing.`);
    rpcUrl = local.rpcUrl;
  } else {
    rpcUrl = Array.isArray(chain.rpcUrl) ? chain.rpcUrl : [chain.rpcUrl];
  }
  const configured = loadSigners([chainId]).get(chainId) ?? [];
  const signers: Address[] = (configured.length > 0 ? configured : chain.rpcUrl === undefined ? [localSignerAccount(settings.dataDir)] : []).map(
    (account) => account.address,
  );
  await withStore(settings, async (store) => {
    const project = await findProjectByName(store.db, options.project);
    if (!project) throw new NotFoundError(`No project named ${options.project}.`);
    const imported = await importContract(store.db, {
      projectId: project.id,
      chain: { ...chain, rpcUrl },
      address: getAddress(options.address.toLowerCase()),
      signerAddresses: signers,
    });
    out(`Imported ${imported.kind.toUpperCase()} ${imported.address} (${imported.name || "unnamed"}) on chain ${chainId} for project ${project.name}.`);
  });
}
