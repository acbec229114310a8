import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export const DEFAULT_ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
export const DEFAULT_ANVIL_CHAIN_ID = 31337;

export type StartAnvilOptions = {
  /** 0 or undefined: anvil binds a free port, read back from its output. */
  port?: number;
  chainId?: number;
  mnemonic?: string;
  /** Loaded at start when it exists, written when the node stops. */
  stateFile?: string;
  /**
   * Unix seconds of the genesis block. anvil otherwise rebuilds genesis at the current time on every start, even
   * when it loads a state file, so the chain's genesis hash would change across restarts.
   */
  genesisTimestamp?: number;
  /** Seconds between blocks; undefined mines one block per transaction. */
  blockTime?: number;
  /** Do not forward anvil's output to this process's stdout/stderr. */
  quiet?: boolean;
  startTimeoutMs?: number;
};

export type AnvilInstance = {
  rpcUrl: string;
  wsUrl: string;
  port: number;
  pid: number;
  /** Terminates the node and waits for it to exit, so a state file is fully written. */
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
  const args = [
    ["--port", String(options.port ?? 0)],
    ["--chain-id", String(options.chainId ?? DEFAULT_ANVIL_CHAIN_ID)],
    ["--mnemonic", options.mnemonic ?? DEFAULT_ANVIL_MNEMONIC],
    options.stateFile === undefined ? [] : ["--state", options.stateFile],
    options.blockTime === undefined ? [] : ["--block-time", String(options.blockTime)],
    options.genesisTimestamp === undefined ? [] : ["--timestamp", String(options.genesisTimestamp)],
  ].flat();
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);

  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
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
    child.stdout.on("data", (chunk: Buffer) => {
      output.stdout = (output.stdout + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
      const match = /Listening on [^\s]*:(\d+)/.exec(output.stdout);
      if (match?.[1]) resolve(Number(match[1]));
      if (!options.quiet) process.stdout.write(chunk);
    });
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output.stderr = (output.stderr + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
    if (!options.quiet) process.stderr.write(chunk);
  });

  const stop = async (): Promise<void> => {
    const running = child.pid !== undefined && child.exitCode === null && child.signalCode === null;
    if (!running) {
      process.off("exit", killOnExit);
      return;
    }
    // anvil dumps --state on SIGTERM; SIGKILL is only the last resort for a hung node.
    child.kill("SIGTERM");
    const forceKill = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(forceKill);
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

  const rpcUrl = `http://127.0.0.1:${started.port}`;
  try {
    await waitForRpc(rpcUrl, deadline);
  } catch (error) {
    return fail(`anvil did not answer eth_chainId at ${rpcUrl}`, error);
  }
  return { rpcUrl, wsUrl: `ws://127.0.0.1:${started.port}`, port: started.port, pid: child.pid!, stop };
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
