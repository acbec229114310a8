import fs from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Hex } from "viem";
import { anvilDevAccount, saveAndStopAnvil, startAnvil, type AnvilInstance } from "../chain/anvil.js";
import { type ChainConfig, rpcLimitsOf } from "../chain/chainsConfig.js";
import { deployCore, predictCoreAddresses } from "../chain/deployCore.js";
import { limitedTransport } from "../chain/rpc/limitedTransport.js";
import { createRpcBudget } from "../chain/rpc/rpcBudget.js";
import type { RuntimeChain } from "../config/runtime.js";
import { ConfigError } from "../errors.js";
import { freePort, isPortFree } from "../ports.js";
import { orphanFromPidFile } from "../processes.js";

export type Progress = (component: string, message: string) => void;

/** A chain as the service runs it: resolved, or remote with an RPC that did not answer (it joins once it does). */
export type ResolvedChain = { chain: RuntimeChain; anvil?: AnvilInstance } | { unreachable: ChainConfig; reason: string };

/** How often the RPC of a chain that was unreachable at start-up is asked whether it answers now. */
const UNREACHABLE_PROBE_MS = 5_000;
/** How long start-up waits for a remote RPC before it counts the chain as unreachable and goes on without it. */
const RPC_PROBE_TIMEOUT_MS = 5_000;
/** Tries after the first for a start-up call the provider refused (a 429, a dropped connection), within its budget. */
const RPC_PROBE_RETRIES = 2;

/**
 * Brings one configured chain up: the local one is started (anvil, core contracts deployed); a remote one is asked
 * for its chain id and which core contracts it has. A remote RPC that does not answer is reported, not fatal: the
 * other chains serve meanwhile (README, "Chains whose RPC is down"). Its calls keep within the chain's budget and are
 * tried again when refused, and a code read that fails makes the chain unreachable for now, never a contract counted
 * missing (which would refuse its collections until the next start).
 */
export async function resolveChain(chain: ChainConfig, dataDir: string, progress: Progress): Promise<ResolvedChain> {
  if (chain.rpcUrl === undefined) return await startLocalChain(chain, dataDir, progress);
  const rpcUrl = Array.isArray(chain.rpcUrl) ? chain.rpcUrl : [chain.rpcUrl];
  const limits = { budget: createRpcBudget(rpcLimitsOf(chain)!.requestsPerSecond), retries: RPC_PROBE_RETRIES, maxDelayMs: 2_000 };
  const client = createPublicClient({ transport: limitedTransport(http(rpcUrl[0], { timeout: RPC_PROBE_TIMEOUT_MS }), limits) });
  const core = predictCoreAddresses();
  let remoteId: number;
  let genesis: Hex;
  const missing: string[] = [];
  try {
    remoteId = await client.getChainId();
    genesis = (await client.getBlock({ blockNumber: 0n })).hash as Hex;
    for (const [name, address] of Object.entries(core)) {
      if ((await client.getCode({ address })) === undefined) missing.push(name);
    }
  } catch (error) {
    const reason = `its RPC ${redactUrl(rpcUrl[0]!)} does not answer (${(error as Error).message.split("\n")[0]})`;
    progress("chain", `${chain.name} (${chain.id}): UNREACHABLE, ${reason}; the other chains serve meanwhile, and this one joins once its RPC answers`);
    return { unreachable: chain, reason };
  }
  if (remoteId !== chain.id) throw new ConfigError(`Chain ${chain.name}: configured as chain id ${chain.id}, but its RPC reports ${remoteId}.`);
  progress("chain", `${chain.name} (${chain.id}): RPC ${redactUrl(rpcUrl[0]!)}`);
  progress(
    "contracts",
    missing.length === 0
      ? `${chain.name}: core contracts present (factory ${core.tokenFactory})`
      : `${chain.name}: missing ${missing.join(", ")}: collections cannot be created on this chain until they are deployed`,
  );
  return {
    chain: runtimeChainOf(chain, {
      rpcUrl,
      wsUrl: chain.wsUrl,
      local: false,
      genesisHash: genesis,
      core,
      coreDeployed: missing.length === 0,
      accountsDeployed: !missing.includes("erc6551Registry") && !missing.includes("accountImplementation"),
    }),
  };
}

/** Whether an unreachable chain's RPC answers now, with the chain id it is configured with. */
export async function rpcAnswers(chain: ChainConfig): Promise<boolean> {
  const url = Array.isArray(chain.rpcUrl) ? chain.rpcUrl[0] : chain.rpcUrl;
  if (url === undefined) return false;
  const client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: RPC_PROBE_TIMEOUT_MS }) });
  return await client.getChainId().then(
    (id) => id === chain.id,
    () => false,
  );
}

function runtimeChainOf(chain: ChainConfig, resolved: Omit<RuntimeChain, "id" | "name" | "explorerUrl" | "startBlock" | "pollingIntervalMs" | "finality" | "contracts" | "rpcLimits">): RuntimeChain {
  return {
    id: chain.id,
    name: chain.name,
    explorerUrl: chain.explorerUrl,
    startBlock: chain.startBlock ?? 0,
    pollingIntervalMs: chain.pollingIntervalMs,
    finality: chain.finality,
    contracts: chain.contracts,
    rpcLimits: rpcLimitsOf(chain),
    ...resolved,
  };
}

type LocalChainFile = { port: number; genesisTimestamp: number };

function localChainFiles(dataDir: string) {
  return {
    chainFile: path.join(dataDir, "anvil.json"),
    stateFile: path.join(dataDir, "anvil-state.json"),
    pidFile: path.join(dataDir, "anvil.pid"),
  };
}

/**
 * The local chain keeps its state, port and genesis time in the data directory. A missing state file means a new
 * chain: it gets a new genesis time, hence a new genesis hash, which is how a reset is recognised.
 */
async function startLocalChain(chain: ChainConfig, dataDir: string, progress: Progress): Promise<ResolvedChain> {
  const { chainFile, stateFile, pidFile } = localChainFiles(dataDir);
  const previous = fs.existsSync(chainFile) ? (JSON.parse(fs.readFileSync(chainFile, "utf8")) as Partial<LocalChainFile>) : {};
  const genesisTimestamp =
    (fs.existsSync(stateFile) || fs.existsSync(`${stateFile}.exit`)) && previous.genesisTimestamp !== undefined
      ? previous.genesisTimestamp
      : Math.floor(Date.now() / 1000);
  const port = previous.port && (await isPortFree(previous.port)) ? previous.port : await freePort();
  const anvil = await startAnvil({ port, chainId: chain.id, stateFile, genesisTimestamp, quiet: true });
  fs.writeFileSync(chainFile, JSON.stringify({ port: anvil.port, genesisTimestamp } satisfies LocalChainFile));
  fs.writeFileSync(pidFile, String(anvil.pid));
  if (anvil.exitState === "adopted") progress("chain", `${chain.name}: resumed from the state the node wrote when it was stopped from outside`);
  if (anvil.exitState === "incomplete, ignored") progress("chain", `${chain.name}: the state the node wrote at its last exit was cut short; resumed from the last complete save`);
  progress("chain", `${chain.name} (${chain.id}): local anvil at ${anvil.rpcUrl}, state in ${stateFile}`);
  try {
    return await deployLocalCore(chain, anvil, progress);
  } catch (error) {
    await stopLocalChain(anvil, dataDir);
    throw error;
  }
}

async function deployLocalCore(chain: ChainConfig, anvil: AnvilInstance, progress: Progress): Promise<ResolvedChain> {
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const genesis = await client.getBlock({ blockNumber: 0n });
  const account = anvilDevAccount();
  const wallet = createWalletClient({
    account,
    transport: http(anvil.rpcUrl),
    chain: { id: chain.id, name: chain.name, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } },
  });
  const deployment = await deployCore(wallet, account);
  progress(
    "contracts",
    `${chain.name}: ${deployment.deployed.length > 0 ? `deployed ${deployment.deployed.join(", ")}` : "core contracts present"} (factory ${deployment.addresses.tokenFactory}, ERC-6551 registry ${deployment.addresses.erc6551Registry})`,
  );
  return {
    anvil,
    chain: runtimeChainOf(chain, {
      rpcUrl: [anvil.rpcUrl],
      wsUrl: anvil.wsUrl,
      local: true,
      genesisHash: genesis.hash as Hex,
      core: deployment.addresses,
      coreDeployed: true,
      accountsDeployed: true,
    }),
  };
}

/** Stops the local chain and forgets its pid; its state is saved first (saveAndStopAnvil). */
export async function stopLocalChain(anvil: AnvilInstance, dataDir: string): Promise<void> {
  await anvil.stop();
  fs.rmSync(localChainFiles(dataDir).pidFile, { force: true });
}

/**
 * A local chain an earlier start left running (its supervisor was killed where no parent-death signal exists): its
 * state is saved over RPC, as a normal stop does, before it is stopped. Returns the pid it stopped.
 */
export async function stopLocalChainOrphan(dataDir: string): Promise<number | undefined> {
  const { chainFile, stateFile, pidFile } = localChainFiles(dataDir);
  const pid = orphanFromPidFile(pidFile, "anvil");
  if (pid !== undefined) {
    const port = fs.existsSync(chainFile) ? (JSON.parse(fs.readFileSync(chainFile, "utf8")) as Partial<LocalChainFile>).port : undefined;
    await saveAndStopAnvil({ pid, rpcUrl: port === undefined ? undefined : `http://127.0.0.1:${port}`, stateFile });
  }
  fs.rmSync(pidFile, { force: true });
  return pid;
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    // RPC URLs often carry an API key in the path or query.
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.length > 1 ? "/…" : ""}`;
  } catch {
    return "(invalid URL)";
  }
}

/**
 * Asks the RPC of each chain that was unreachable at start-up whether it answers now; when one does, the chain is
 * resolved and the indexer restarted with it (a few seconds of 503 while Ponder restarts), without an operator.
 */
export function watchUnreachableChains(
  unreachable: { config: ChainConfig; reason: string }[],
  dataDir: string,
  progress: Progress,
  restart: (chains: RuntimeChain[], unreachable: { config: ChainConfig; reason: string }[]) => Promise<void>,
  chains: RuntimeChain[],
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  const check = async () => {
    const joined: RuntimeChain[] = [];
    for (const entry of [...unreachable]) {
      if (stopped || !(await rpcAnswers(entry.config))) continue;
      const resolved = await resolveChain(entry.config, dataDir, progress);
      if ("unreachable" in resolved) continue;
      unreachable.splice(unreachable.indexOf(entry), 1);
      joined.push(resolved.chain);
    }
    if (joined.length === 0 || stopped) return;
    chains.push(...joined);
    progress("indexer", `${joined.map((chain) => chain.name).join(", ")} answer${joined.length === 1 ? "s" : ""} now: restarting the indexer with ${joined.length === 1 ? "it" : "them"}`);
    await restart(chains, unreachable);
  };
  const schedule = () => {
    if (stopped || unreachable.length === 0) return;
    timer = setTimeout(() => {
      pass = check()
        .catch((error: unknown) => {
          if (!stopped) progress("indexer", `could not add a chain whose RPC answers again: ${(error as Error).message}`);
        })
        .finally(schedule);
    }, UNREACHABLE_PROBE_MS);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
