import fs from "node:fs";
import path from "node:path";
import { createPublicClient, createWalletClient, http, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { DEFAULT_ANVIL_MNEMONIC, startAnvil, type AnvilInstance } from "../chain/anvil.js";
import { type ChainConfig, loadChainsConfig } from "../chain/chainsConfig.js";
import { deployCore, predictCoreAddresses } from "../chain/deployCore.js";
import type { Settings } from "../config/env.js";
import { RUNTIME_FILE_ENV, type RuntimeChain, runtimeFilePath, writeRuntimeConfig } from "../config/runtime.js";
import { ConfigError } from "../errors.js";
import { prepareMasterKey } from "../services/masterKeys.js";
import { bootstrapFirstProject } from "../services/projects.js";
import { freePort, isPortFree } from "../ports.js";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../store/embeddedPostgres.js";
import { createStore, type Store } from "../store/db.js";
import { clearChainCache, dropIndexSchema, releaseIndexLock } from "../store/indexReset.js";
import { getRecordedGenesis, getSetting, putSetting, recordGenesis } from "../store/indexState.js";
import { migrateAppStore } from "../store/migrate.js";
import { indexFingerprint } from "./indexFingerprint.js";
import { stopOrphanFromPidFile } from "../processes.js";
import { type PonderProcess, ponderVersion, startPonder } from "./ponderProcess.js";

export type StartupReport = {
  baseUrl: string;
  chains: RuntimeChain[];
  /** Set on first start only: the admin token of the first project, when the service generated it. */
  generatedAdminToken: string | undefined;
  firstStart: boolean;
};

export type RunningService = StartupReport & {
  /** Resolves when the service stopped, with the indexer's exit code. */
  done: Promise<number | null>;
  stop(): Promise<void>;
};

export type Progress = (component: string, message: string) => void;

const ROOT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

type StopStep = () => Promise<void>;

/**
 * Brings up every part of the service in order (database, chains, contracts, indexer, HTTP) and returns once it
 * answers. Whatever was started is stopped again, in reverse order, on failure or on `stop()`.
 */
export async function startTokenhub(settings: Settings, progress: Progress, ponderOutput: (chunk: Buffer) => void): Promise<RunningService> {
  fs.mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
  const stopSteps: StopStep[] = [];
  const stopAll = async () => {
    for (const step of stopSteps.reverse().splice(0)) await step().catch(() => undefined);
  };
  try {
    const orphanedIndexer = await stopOrphanFromPidFile(path.join(settings.dataDir, "ponder.pid"), "ponder");
    await stopOrphanFromPidFile(path.join(settings.dataDir, "anvil.pid"), "anvil");

    const { databaseUrl, embedded } = await startDatabase(settings, progress);
    if (embedded) stopSteps.push(() => embedded.stop());
    const store = createStore(databaseUrl, { max: 4 });
    stopSteps.push(() => store.close());
    const migrations = await migrateAppStore(store.pool);
    if (migrations.applied.length > 0) progress("database", `app store migrated (${migrations.applied.join(", ")})`);
    const masterKey = await prepareMasterKey(store.db, settings.dataDir);
    progress(
      "keys",
      masterKey.generated
        ? `generated the cloud keys' master key in ${masterKey.file} (owner-only): BACK IT UP, without it the cloud keys are lost${embedded ? "" : "; every replica needs this same key (TOKENHUB_MASTER_KEY_FILE)"}`
        : `cloud keys' master key ${masterKey.id} from ${masterKey.source}`,
    );
    if (orphanedIndexer) {
      await releaseIndexLock(store.pool, settings.indexSchema);
      progress("indexer", "stopped an indexer left running by an earlier start");
    }

    const chains: RuntimeChain[] = [];
    for (const chain of loadChainsConfig(settings.chainsFile)) {
      const resolved = await startChain(chain, settings, progress);
      const anvil = resolved.anvil;
      if (anvil) {
        stopSteps.push(async () => {
          await anvil.stop();
          fs.rmSync(path.join(settings.dataDir, "anvil.pid"), { force: true });
        });
      }
      await resetIndexIfChainChanged(store, settings.indexSchema, resolved.chain, progress);
      chains.push(resolved.chain);
    }

    const fingerprint = indexFingerprint(ROOT_DIR, chains, ponderVersion());
    const fingerprintKey = `index_fingerprint:${settings.indexSchema}`;
    const recorded = await getSetting(store.db, fingerprintKey);
    if (recorded !== undefined && recorded !== fingerprint) {
      if (await dropIndexSchema(store.pool, settings.indexSchema)) {
        progress("indexer", "indexing code or indexed contracts changed: rebuilding the index");
      }
    }
    await putSetting(store.db, fingerprintKey, fingerprint);

    const runtimeFile = runtimeFilePath(settings.dataDir);
    writeRuntimeConfig(runtimeFile, {
      dataDir: settings.dataDir,
      publicUrl: settings.publicUrl,
      indexSchema: settings.indexSchema,
      appSchema: settings.appSchema,
      maxBodyBytes: settings.maxBodyBytes,
      maxBatchSize: settings.maxBatchSize,
      metadataPropagationWindowMs: settings.metadataPropagationWindowMs,
      media: settings.media,
      logLevel: settings.logLevel,
      remoteMetadata: settings.remoteMetadata,
      transactions: settings.transactions,
      chains,
      indexOverHttp: settings.indexOverHttp,
      metricsServer: settings.metricsPort === undefined ? null : { port: settings.metricsPort, host: settings.host },
      rateLimits: settings.rateLimits,
    });

    progress("indexer", `starting Ponder ${ponderVersion()} on schema ${settings.indexSchema}`);
    // Ponder moves to the next port when its own is taken; the service would then answer where nobody looks. Checked
    // before the start, and watched for in Ponder's output in case another program takes it meanwhile.
    const portInUse = new ConfigError(`Port ${settings.port} is in use by another program: stop it, or set PORT to a free port.`);
    if (!(await isPortFree(settings.port))) throw portInUse;
    let portTaken = false;
    const portProblem = () => (portTaken ? portInUse : undefined);
    const launch = (onOutput: (chunk: Buffer) => void) =>
      startPonder({
        rootDir: ROOT_DIR,
        pidFile: path.join(settings.dataDir, "ponder.pid"),
        schema: settings.indexSchema,
        port: settings.port,
        host: settings.host,
        logLevel: settings.logLevel,
        env: { ...process.env, DATABASE_URL: databaseUrl, [RUNTIME_FILE_ENV]: runtimeFile, PONDER_TELEMETRY_DISABLED: "true" },
        onOutput: (chunk) => {
          if (PORT_TAKEN.test(chunk.toString())) portTaken = true;
          onOutput(chunk);
        },
      });
    const localUrl = `http://${settings.host === "0.0.0.0" || settings.host === "::" ? "127.0.0.1" : settings.host}:${settings.port}`;
    let otherBuild = false;
    let ponder = launch((chunk) => {
      if (OTHER_BUILD.test(chunk.toString())) otherBuild = true;
      ponderOutput(chunk);
    });
    stopSteps.push(async () => {
      await ponder.stop();
      await releaseIndexLock(store.pool, settings.indexSchema);
    });
    try {
      await waitForHealth(localUrl, ponder, portProblem);
    } catch (error) {
      // The fingerprint check normally drops an index built by other code; this catches files that changed while
      // the indexer started: rebuild rather than fail.
      if (!otherBuild) throw error;
      await dropIndexSchema(store.pool, settings.indexSchema);
      progress("indexer", "the index was built by other indexing code: rebuilding it");
      ponder = launch(ponderOutput);
      await waitForHealth(localUrl, ponder, portProblem);
    }
    progress("http", `listening on ${localUrl}`);
    const indexer = ponder;
    if (await readyWithin(localUrl, BACKFILL_WAIT_MS, indexer)) {
      await waitForLocalChainsIndexed(localUrl, chains, indexer);
    } else {
      // A remote chain may take hours to backfill: the service comes up now and index queries answer 503 NOT_READY
      // with the progress until it is done; local chains are woken once it is.
      progress("indexer", "still backfilling: index queries answer 503 NOT_READY (with the progress) until it completes");
      void readyWithin(localUrl, Number.POSITIVE_INFINITY, indexer)
        .then((ready) => (ready ? waitForLocalChainsIndexed(localUrl, chains, indexer) : undefined))
        .then(
          () => progress("indexer", "backfill complete: the index answers queries"),
          (error: unknown) => {
            if (indexer.exitCode() === null) progress("indexer", `could not catch up local chains: ${(error as Error).message}`);
          },
        );
    }
    // Only once the service answers, so the one-time admin token is never issued by a start that then failed.
    const first = await bootstrapFirstProject(store.db, settings.adminToken);

    const done = ponder.exited.then(async (code) => {
      await stopAll();
      return code;
    });
    return {
      baseUrl: settings.publicUrl,
      chains,
      generatedAdminToken: settings.adminToken === undefined ? first?.issued.token : undefined,
      firstStart: first !== undefined,
      done,
      stop: async () => {
        await stopAll();
        await done;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function startDatabase(settings: Settings, progress: Progress): Promise<{ databaseUrl: string; embedded?: EmbeddedPostgres }> {
  if (settings.databaseUrl) {
    const url = new URL(settings.databaseUrl);
    progress("database", `external PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`);
    return { databaseUrl: settings.databaseUrl };
  }
  const started = Date.now();
  const embedded = await startEmbeddedPostgres({ dataDir: settings.dataDir });
  progress(
    "database",
    `embedded PostgreSQL on 127.0.0.1:${embedded.port} (${embedded.created ? "created" : "resumed"} in ${Date.now() - started} ms, data in ${path.join(settings.dataDir, "postgres")})`,
  );
  return { databaseUrl: embedded.connectionString, embedded };
}

async function startChain(
  chain: ChainConfig,
  settings: Settings,
  progress: Progress,
): Promise<{ chain: RuntimeChain; anvil?: AnvilInstance }> {
  let anvil: AnvilInstance | undefined;
  let rpcUrl: string[];
  let wsUrl = chain.wsUrl;
  if (chain.rpcUrl === undefined) {
    anvil = await startLocalChain(chain, settings.dataDir);
    rpcUrl = [anvil.rpcUrl];
    wsUrl = anvil.wsUrl;
    progress("chain", `${chain.name} (${chain.id}): local anvil at ${anvil.rpcUrl}, state in ${path.join(settings.dataDir, "anvil-state.json")}`);
  } else {
    rpcUrl = Array.isArray(chain.rpcUrl) ? chain.rpcUrl : [chain.rpcUrl];
  }

  const client = createPublicClient({ transport: http(rpcUrl[0], { retryCount: 2, timeout: 15_000 }) });
  let remoteId: number;
  try {
    remoteId = await client.getChainId();
  } catch (error) {
    await anvil?.stop();
    throw new ConfigError(`Chain ${chain.name} (${chain.id}): the RPC ${redactUrl(rpcUrl[0]!)} does not answer (${(error as Error).message.split("\n")[0]}).`);
  }
  if (remoteId !== chain.id) {
    await anvil?.stop();
    throw new ConfigError(`Chain ${chain.name}: configured as chain id ${chain.id}, but its RPC reports ${remoteId}.`);
  }
  const genesis = await client.getBlock({ blockNumber: 0n });
  if (chain.rpcUrl !== undefined) progress("chain", `${chain.name} (${chain.id}): RPC ${redactUrl(rpcUrl[0]!)}`);

  let core = predictCoreAddresses();
  let coreDeployed = true;
  let accountsDeployed = true;
  if (anvil) {
    const account = mnemonicToAccount(DEFAULT_ANVIL_MNEMONIC);
    const wallet = createWalletClient({ account, transport: http(anvil.rpcUrl), chain: { id: chain.id, name: chain.name, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } } });
    const deployment = await deployCore(wallet, account);
    core = deployment.addresses;
    progress(
      "contracts",
      `${chain.name}: ${deployment.deployed.length > 0 ? `deployed ${deployment.deployed.join(", ")}` : "core contracts present"} (factory ${core.tokenFactory}, ERC-6551 registry ${core.erc6551Registry})`,
    );
  } else {
    const missing = [];
    for (const [name, address] of Object.entries(core)) {
      if ((await client.getCode({ address }).catch(() => undefined)) === undefined) missing.push(name);
    }
    coreDeployed = missing.length === 0;
    accountsDeployed = !missing.includes("erc6551Registry") && !missing.includes("accountImplementation");
    progress(
      "contracts",
      missing.length === 0
        ? `${chain.name}: core contracts present (factory ${core.tokenFactory})`
        : `${chain.name}: missing ${missing.join(", ")}: collections cannot be created on this chain until they are deployed`,
    );
  }

  return {
    anvil,
    chain: {
      id: chain.id,
      name: chain.name,
      rpcUrl,
      wsUrl,
      explorerUrl: chain.explorerUrl,
      local: anvil !== undefined,
      startBlock: chain.startBlock,
      pollingIntervalMs: chain.pollingIntervalMs,
      finality: chain.finality,
      genesisHash: genesis.hash as Hex,
      core,
      coreDeployed,
      accountsDeployed,
      contracts: chain.contracts,
    },
  };
}

type LocalChainFile = { port: number; genesisTimestamp: number };

/**
 * The local chain keeps its state, port and genesis time in the data directory. A missing state file means a new
 * chain: it gets a new genesis time, hence a new genesis hash, which is how a reset is recognised.
 */
async function startLocalChain(chain: ChainConfig, dataDir: string): Promise<AnvilInstance> {
  const chainFile = path.join(dataDir, "anvil.json");
  const stateFile = path.join(dataDir, "anvil-state.json");
  const previous = fs.existsSync(chainFile) ? (JSON.parse(fs.readFileSync(chainFile, "utf8")) as Partial<LocalChainFile>) : {};
  const genesisTimestamp =
    fs.existsSync(stateFile) && previous.genesisTimestamp !== undefined ? previous.genesisTimestamp : Math.floor(Date.now() / 1000);
  const port = previous.port && (await isPortFree(previous.port)) ? previous.port : await freePort();
  const anvil = await startAnvil({ port, chainId: chain.id, stateFile, genesisTimestamp, quiet: true });
  fs.writeFileSync(chainFile, JSON.stringify({ port: anvil.port, genesisTimestamp } satisfies LocalChainFile));
  fs.writeFileSync(path.join(dataDir, "anvil.pid"), String(anvil.pid));
  return anvil;
}

/**
 * The index of a chain whose genesis block changed (a reset local chain) describes a chain that no longer exists:
 * its cache and the index are dropped so both are rebuilt from the chain as it is now.
 */
async function resetIndexIfChainChanged(store: Store, indexSchema: string, chain: RuntimeChain, progress: Progress): Promise<void> {
  const recorded = await getRecordedGenesis(store.db, chain.id);
  if (recorded !== undefined && recorded !== chain.genesisHash) {
    await clearChainCache(store.pool, chain.id);
    await dropIndexSchema(store.pool, indexSchema);
    progress("indexer", `chain ${chain.name} (${chain.id}) was reset (new genesis ${chain.genesisHash.slice(0, 10)}…): its index was reset and will be rebuilt`);
  }
  await recordGenesis(store.db, chain.id, chain.genesisHash);
}

/** What Ponder says when the port it was given is taken (it then listens on the next one). */
const PORT_TAKEN = /Port in use/;

/** What Ponder says when its schema was built by other indexing code. */
const OTHER_BUILD = /was previously used by a different Ponder app/;

/**
 * Ponder's live sync follows new heads only: on a quiet local chain it would not replay the blocks it does not
 * consider final until a block arrives. Until the index reaches the head, an empty block is mined now and then to
 * wake it; start-up waits for that, so the service never answers from a half-rebuilt index.
 */
async function waitForLocalChainsIndexed(baseUrl: string, chains: RuntimeChain[], ponder: PonderProcess): Promise<void> {
  for (const chain of chains.filter((candidate) => candidate.local)) {
    const client = createPublicClient({ transport: http(chain.rpcUrl[0]) });
    const deadline = Date.now() + 120_000;
    let lastMined = 0;
    for (;;) {
      if (ponder.exitCode() !== null) throw new Error("The indexer exited during start-up; its log above says why.");
      const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
      const status = await fetch(`${baseUrl}/status`)
        .then((response) => response.json() as Promise<Record<string, { block?: { number: number } }>>)
        .catch(() => ({}) as Record<string, { block?: { number: number } }>);
      const indexed = status[chain.name]?.block?.number ?? -1;
      if (indexed >= head && lastMined > 0) break;
      if (Date.now() > deadline) throw new Error(`The index of chain ${chain.name} did not reach block ${head} within 120 s.`);
      if (Date.now() - lastMined > 1_000) {
        await client.request({ method: "evm_mine" as "eth_blockNumber", params: undefined });
        lastMined = Date.now();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** How long start-up waits for the backfill before coming up with queries answering NOT_READY. */
const BACKFILL_WAIT_MS = 15_000;

/** Whether Ponder reports the backfill complete (`/ready`) within `timeoutMs`; false if it exits first. */
async function readyWithin(baseUrl: string, timeoutMs: number, ponder: PonderProcess): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && ponder.exitCode() === null) {
    const ready = await fetch(`${baseUrl}/ready`).then((response) => response.ok, () => false);
    if (ready) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

async function waitForHealth(baseUrl: string, ponder: PonderProcess, problem: () => Error | undefined): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (ponder.exitCode() !== null) throw new Error("The indexer exited during start-up; its log above says why.");
    const found = problem();
    if (found) throw found;
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The service did not answer ${baseUrl}/health within 120 s.`);
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    // RPC URLs often carry an API key in the path or query.
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.length > 1 ? "/…" : ""}`;
  } catch {
    return "(invalid URL)";
  }
}
