import { pbkdf2Sync } from "node:crypto";
import fs, { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { HDKey, type HDAccount, hdKeyToAccount } from "viem/accounts";
import { isProcessAlive, spawnOwnedChild, stopProcess } from "../processes.js";

export const DEFAULT_ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
export const DEFAULT_ANVIL_CHAIN_ID = 31337;

let devRoot: HDKey | undefined;

/**
 * Account `addressIndex` of anvil's default mnemonic, the one viem's mnemonicToAccount gives. The mnemonic's BIP-39 seed
 * is computed once per process by Node's native PBKDF2: viem computes its 2,048 rounds of HMAC-SHA512 in JavaScript at
 * every call (33 ms of CPU each on a quiet machine, ten times that on a loaded one), and every start of the local chain
 * and every test's chain client named such accounts.
 */
export function anvilDevAccount(addressIndex = 0): HDAccount {
  devRoot ??= HDKey.fromMasterSeed(pbkdf2Sync(DEFAULT_ANVIL_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512"));
  return hdKeyToAccount(devRoot, { addressIndex });
}

export type StartAnvilOptions = {
  /** 0 or undefined: anvil binds a free port, read back from its output. */
  port?: number;
  chainId?: number;
  mnemonic?: string;
  /**
   * The chain's state: loaded at start when it exists, saved by stop() (see saveAnvilState). A node stopped by a
   * signal from elsewhere writes `<stateFile>.exit` itself, which the next start adopts when it is whole.
   */
  stateFile?: string;
  /**
   * Unix seconds of the genesis block. anvil otherwise rebuilds genesis at the current time on every start, even
   * when it loads a state file, so the chain's genesis hash would change across restarts.
   */
  genesisTimestamp?: number;
  /** Seconds between blocks; undefined mines one block per transaction. */
  blockTime?: number;
  /** Keep state for only the last N blocks, as a node without archive state does (`--prune-history`). */
  pruneHistory?: number;
  /** Gas one block holds; undefined: anvil's default (30,000,000). */
  gasLimit?: number;
  /** Do not forward anvil's output to this process's stdout/stderr. */
  quiet?: boolean;
  startTimeoutMs?: number;
};

export type AnvilInstance = {
  rpcUrl: string;
  wsUrl: string;
  port: number;
  pid: number;
  /** What the start found of a state written at the node's last exit (absent: nothing to recover). */
  exitState?: "adopted" | "incomplete, ignored";
  /** Saves the state (when there is a state file), then ends the node and waits for it to exit. */
  stop(): Promise<void>;
};

export class AnvilStartError extends Error {
  override name = "AnvilStartError";
  constructor(
    message: string,
    readonly details: { binary: string; args: string[]; stderr: string; stdout: string },
    options?: { cause?: unknown },
  ) {
    super(`${message}\nanvil stderr:\n${details.stderr || "(empty)"}`, options);
  }
}

const STOP_GRACE_MS = 10_000;
const OUTPUT_KEPT_CHARS = 8_000;

/** Starts a local anvil node and resolves once its RPC answers. */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const binary = anvilBinaryPath();
  const { stateFile } = options;
  const exitState = stateFile === undefined ? undefined : adoptExitState(stateFile);
  const loadsState = stateFile !== undefined && fs.existsSync(stateFile);
  const args = [
    ["--port", String(options.port ?? 0)],
    ["--chain-id", String(options.chainId ?? DEFAULT_ANVIL_CHAIN_ID)],
    ["--mnemonic", options.mnemonic ?? DEFAULT_ANVIL_MNEMONIC],
    loadsState ? ["--load-state", stateFile] : [],
    stateFile === undefined ? [] : ["--dump-state", exitStateFile(stateFile)],
    options.blockTime === undefined ? [] : ["--block-time", String(options.blockTime)],
    options.pruneHistory === undefined ? [] : ["--prune-history", String(options.pruneHistory)],
    options.gasLimit === undefined ? [] : ["--gas-limit", String(options.gasLimit)],
    options.genesisTimestamp === undefined ? [] : ["--timestamp", String(options.genesisTimestamp)],
  ].flat();
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);

  const child = spawnOwnedChild(binary, args, { stdio: ["ignore", "pipe", "pipe"], deathSignal: "SIGTERM" });
  const output = { stdout: "", stderr: "" };
  // A node left running after this process exits would hold its port and never write its state file.
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      process.off("exit", killOnExit);
      resolve(code);
    }),
  );
  const spawnFailed = new Promise<Error>((resolve) => child.once("error", resolve));
  const listening = new Promise<number>((resolve) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output.stdout = (output.stdout + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
      const match = /Listening on [^\s]*:(\d+)/.exec(output.stdout);
      if (match?.[1]) resolve(Number(match[1]));
      if (!options.quiet) process.stdout.write(chunk);
    });
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    output.stderr = (output.stderr + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
    if (!options.quiet) process.stderr.write(chunk);
  });

  let rpcUrl: string | undefined;
  const stop = async (): Promise<void> => {
    const running = child.pid !== undefined && child.exitCode === null && child.signalCode === null;
    if (!running) {
      process.off("exit", killOnExit);
      return;
    }
    await saveAndStopAnvil({ pid: child.pid!, rpcUrl, stateFile });
    await exited;
  };
  const fail = async (message: string, cause?: unknown): Promise<never> => {
    await stop();
    throw new AnvilStartError(message, { binary, args, ...output }, { cause });
  };

  const started = await Promise.race([
    listening.then((port) => ({ port })),
    exited.then((code) => ({ exitCode: code })),
    spawnFailed.then((error) => ({ error })),
    delay(deadline - Date.now()).then(() => ({ timedOut: true as const })),
  ]);
  if ("error" in started) return fail(`could not run anvil at ${binary}`, started.error);
  if ("exitCode" in started) return fail(`anvil exited with code ${started.exitCode} before listening`);
  if ("timedOut" in started) return fail("anvil did not start listening in time");

  rpcUrl = `http://127.0.0.1:${started.port}`;
  try {
    await waitForRpc(rpcUrl, deadline);
  } catch (error) {
    return fail(`anvil did not answer eth_chainId at ${rpcUrl}`, error);
  }
  if (loadsState && options.genesisTimestamp !== undefined) {
    try {
      await resumeClock(rpcUrl);
    } catch (error) {
      return fail(`anvil at ${rpcUrl} did not take its clock`, error);
    }
  }
  return { rpcUrl, wsUrl: `ws://127.0.0.1:${started.port}`, port: started.port, pid: child.pid!, exitState, stop };
}

function exitStateFile(stateFile: string): string {
  return `${stateFile}.exit`;
}

/**
 * A node that was sent SIGTERM or SIGINT by someone else (systemd stopping the whole service at once, a parent that
 * died) wrote its state on exit, later than any state saved before: that file becomes the state if it is whole. One
 * cut short (the node was killed while writing) is dropped, and the last saved state stays.
 */
function adoptExitState(stateFile: string): AnvilInstance["exitState"] {
  const written = exitStateFile(stateFile);
  if (!fs.existsSync(written)) return undefined;
  try {
    JSON.parse(fs.readFileSync(written, "utf8"));
  } catch {
    fs.rmSync(written, { force: true });
    return "incomplete, ignored";
  }
  fs.renameSync(written, stateFile);
  return "adopted";
}

/**
 * Saves a running node's state and ends it. anvil's own dump on exit writes its file in place, so a second signal or
 * a kill during that write leaves half a file; here the state is asked for over RPC (`anvil_dumpState`: the gzipped
 * JSON that --load-state reads), written to a temporary file and renamed over the state file, and the node is then
 * killed without writing anything. A node that does not answer is sent SIGTERM and writes its exit file instead.
 */
export async function saveAndStopAnvil(node: { pid: number; rpcUrl: string | undefined; stateFile: string | undefined }): Promise<void> {
  if (!isProcessAlive(node.pid)) return;
  if (node.stateFile !== undefined && node.rpcUrl !== undefined) {
    const saved = await saveAnvilState(node.rpcUrl, node.stateFile).then(
      () => true,
      () => false,
    );
    if (saved) {
      await stopProcess(node.pid, "SIGKILL", STOP_GRACE_MS);
      fs.rmSync(exitStateFile(node.stateFile), { force: true });
      return;
    }
  }
  await stopProcess(node.pid, "SIGTERM", STOP_GRACE_MS);
}

/** Writes the node's current state to `stateFile` so that it is never seen half-written (temporary file, rename). */
export async function saveAnvilState(rpcUrl: string, stateFile: string): Promise<void> {
  const dumped = await rpcCall(rpcUrl, "anvil_dumpState", []);
  if (typeof dumped !== "string") throw new Error("anvil_dumpState answered no state");
  const state = gunzipSync(Buffer.from(dumped.slice(2), "hex"));
  const temporary = `${stateFile}.saving`;
  const fd = fs.openSync(temporary, "w", 0o600);
  try {
    fs.writeSync(fd, state);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, stateFile);
}

/**
 * The anvil binary shipped by the `@foundry-rs/anvil` platform package; else the one its postinstall downloads into
 * its own dist/; else `anvil` from PATH (a foundryup install).
 */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const binaryName = process.platform === "win32" ? "anvil.exe" : "anvil";
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const candidates = [
    () => join(dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)), "bin", binaryName),
    () => join(dirname(require.resolve("@foundry-rs/anvil/package.json")), "dist", binaryName),
  ];
  for (const candidate of candidates) {
    try {
      const path = candidate();
      if (existsSync(path)) return path;
    } catch {
      // Package not installed for this platform: try the next location.
    }
  }
  return binaryName;
}

/**
 * anvil starts its clock at `--timestamp` on every start, state loaded or not (the genesis time, given so that the
 * genesis hash stays the same): a resumed chain would stamp its next blocks before the ones it had, and permit
 * expiries, `ownerSince` and call times would go back. The clock resumes at the wall clock, or just after the last
 * block when that is later (a wall clock set back).
 */
async function resumeClock(rpcUrl: string): Promise<void> {
  const latest = (await rpcCall(rpcUrl, "eth_getBlockByNumber", ["latest", false])) as { timestamp: string };
  const resumeAt = Math.max(Math.floor(Date.now() / 1000), Number(BigInt(latest.timestamp)) + 1);
  await rpcCall(rpcUrl, "anvil_setTime", [resumeAt]);
}

async function rpcCall(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(STOP_GRACE_MS),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error !== undefined || !("result" in body)) throw new Error(`${method} failed: ${body.error?.message ?? `HTTP ${response.status}`}`);
  return body.result;
}

async function waitForRpc(rpcUrl: string, deadline: number): Promise<void> {
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (response.ok) return;
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await delay(50);
  }
  throw lastError ?? new Error("deadline passed");
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
}
