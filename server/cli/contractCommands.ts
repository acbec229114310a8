import fs from "node:fs";
import { type Address, createWalletClient, formatEther, getAddress, http, isAddress, type LocalAccount, publicActions } from "viem";
import { type ChainConfig, loadChainsConfig } from "../chain/chainsConfig.js";
import { deployCore, estimateCoreDeployment, findDeploymentBlock, predictCoreAddresses } from "../chain/deployCore.js";
import { chainSignerKeysEnv, loadSigners, localSignerAccount } from "../chain/signers.js";
import type { Settings } from "../config/env.js";
import { chainSignerPkcs11KeysEnv, loadPkcs11Config, pkcs11SignerLabels } from "../config/pkcs11.js";
import { readRuntimeConfig, runtimeFilePath } from "../config/runtime.js";
import { pkcs11Signer } from "../custody/pkcs11Account.js";
import { openPkcs11Token } from "../custody/pkcs11Token.js";
import { ConfigError, NotFoundError } from "../errors.js";
import { redactUrl } from "../runtime/chains.js";
import { importContract } from "../services/collections/importContract.js";
import { findCoreDeployment, recordCoreDeployment } from "../store/coreDeployments.js";
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

/**
 * `tokenhub contract deploy`: deploys the core contracts a remote chain lacks at their deterministic addresses (through
 * the CREATE2 deployer), signed by the chain's first service signer once its balance covers the estimated cost, and
 * records the factory's deployment block, where a chain without startBlock is then indexed from. Run twice, it sends
 * nothing the second time.
 */
export async function contractDeploy(settings: Settings, out: Output, options: { chain: string }): Promise<void> {
  const chain = configuredChain(settings, options.chain);
  if (chain.rpcUrl === undefined) {
    throw new ConfigError(`Chain ${chain.name} (${chain.id}) is the local chain: the service deploys its core contracts itself when it starts.`);
  }
  const rpcUrl = Array.isArray(chain.rpcUrl) ? chain.rpcUrl[0]! : chain.rpcUrl;
  // The database first, made on a data directory no start has used yet: a deployment it could not record would leave
  // the chain indexed from block 0.
  await withStore(settings, (store) => withDeploySigner(chain.id, async (account) => {
    const client = createWalletClient({
      account,
      chain: { id: chain.id, name: chain.name, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } },
      transport: http(rpcUrl, { retryCount: 3 }),
    }).extend(publicActions);
    const remoteId = await client.getChainId().catch((error: unknown) => {
      throw new ConfigError(`Chain ${chain.name} (${chain.id}): its RPC ${redactUrl(rpcUrl)} does not answer (${(error as Error).message.split("\n")[0]}).`);
    });
    if (remoteId !== chain.id) throw new ConfigError(`Chain ${chain.name}: configured as chain id ${chain.id}, but its RPC reports ${remoteId}.`);
    out(`Chain ${chain.name} (${chain.id}) at ${redactUrl(rpcUrl)}, signer ${account.address}.`);

    const core = predictCoreAddresses();
    const estimate = await estimateCoreDeployment(client, account);
    let factoryBlock: bigint | undefined;
    if (estimate.missing.length === 0) {
      out(`The core contracts are already deployed (TokenFactory ${core.tokenFactory}): nothing sent.`);
    } else {
      const balance = await client.getBalance({ address: account.address });
      if (balance < estimate.cost) {
        throw new ConfigError(
          `The signer ${account.address} holds ${formatEther(balance)} ETH on chain ${chain.name} (${chain.id}); deploying ${estimate.missing.length} contract${estimate.missing.length === 1 ? "" : "s"} (${estimate.gas} gas) costs up to ${formatEther(estimate.cost)} ETH at today's fees. Fund ${account.address} and run this again; nothing was sent.`,
        );
      }
      out(`Deploying ${estimate.missing.join(", ")}: ${estimate.gas} gas, up to ${formatEther(estimate.cost)} ETH (the signer holds ${formatEther(balance)}).`);
      const deployment = await deployCore(client, account, {
        onProgress: (progress) =>
          out(
            progress.step === "sent"
              ? `  ${progress.contract} → ${progress.address}: sent ${progress.transactionHash}`
              : `  ${progress.contract} → ${progress.address}: deployed in block ${progress.blockNumber}`,
          ),
      });
      factoryBlock = deployment.blocks.tokenFactory;
    }
    const recorded = await findCoreDeployment(store.pool, chain.id);
    if (factoryBlock === undefined && recorded?.factoryAddress === core.tokenFactory) {
      out(`Its deployment block ${recorded.factoryBlock} is recorded already.`);
      return;
    }
    // Deployed before (by another installation, or a run whose record was lost): its block is found on the chain.
    factoryBlock ??= await findDeploymentBlock(client, core.tokenFactory);
    if (factoryBlock === undefined) throw new ConfigError(`TokenFactory ${core.tokenFactory} has no code on chain ${chain.id}.`);
    await recordCoreDeployment(store.pool, { chainId: chain.id, factoryAddress: core.tokenFactory, factoryBlock });
    out(
      chain.startBlock === undefined
        ? `Recorded: TokenFactory deployed in block ${factoryBlock}; the service indexes chain ${chain.name} from there (restart it if it runs).`
        : `Recorded: TokenFactory deployed in block ${factoryBlock}; the chains file's startBlock ${chain.startBlock} stays in force for chain ${chain.name}.`,
    );
  }), { create: true });
}

function configuredChain(settings: Settings, chainOption: string): ChainConfig {
  const chainId = Number(chainOption);
  const chain = loadChainsConfig(settings.chainsFile).find((candidate) => candidate.id === chainId);
  if (!chain) throw new NotFoundError(`Chain ${chainOption} is not in the chains file${settings.chainsFile ? ` ${settings.chainsFile}` : " (TOKENHUB_CHAINS_FILE is not set)"}.`);
  return chain;
}

/** The chain's first service signer, as the service would load it: a key of the environment, or one in the PKCS#11 token. */
async function withDeploySigner(chainId: number, work: (account: LocalAccount) => Promise<void>): Promise<void> {
  const labels = pkcs11SignerLabels([chainId]).get(chainId) ?? [];
  if (labels.length > 0) {
    const token = openPkcs11Token(loadPkcs11Config(new Map([[chainId, labels]])).token!);
    try {
      await work(await pkcs11Signer(token, labels[0]!));
    } finally {
      token.close();
    }
    return;
  }
  const account = loadSigners([chainId]).get(chainId)?.[0];
  if (account === undefined) {
    throw new ConfigError(
      `contract deploy signs with the chain's first service signer, and chain ${chainId} has none: set ${chainSignerKeysEnv(chainId)} (or TOKENHUB_SIGNER_KEYS, TOKENHUB_SIGNER_KEY_FILE, ${chainSignerPkcs11KeysEnv(chainId)}).`,
    );
  }
  await work(account);
}
