import { type Settings, unknownVariableWarnings } from "../config/env.js";
import type { Role } from "../config/runtime.js";
import { type RunningService, StartAborted, startTokenhub } from "../runtime/supervisor.js";
import { createTerminalOutput } from "./terminalOutput.js";

/** Signals that stop the service. SIGHUP: the terminal it ran in was closed. */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * `tokenhub start`: runs the whole service in the foreground until Ctrl-C, SIGTERM or SIGHUP, or until its output
 * closes. The handlers are installed before the first component starts, so a stop during start-up stops what was
 * started; a second signal while stopping changes nothing (a forced stop could cut requests in flight).
 */
export async function startCommand(settings: Settings, role: Role = "all"): Promise<number> {
  const output = createTerminalOutput(settings.logFormat);
  const controller = new AbortController();
  const requestStop = (reason: string) => {
    if (controller.signal.aborted) {
      output.line("tokenhub", `${reason} while stopping: still stopping (requests in flight finish first)`);
      return;
    }
    output.line("tokenhub", `stopping (${reason})`);
    controller.abort();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => requestStop(signal));
  // A parent that stopped reading (a closed pipe) must not crash the supervisor and leave its children running.
  output.onClosed(() => requestStop("its output was closed"));

  const started = Date.now();
  output.line("tokenhub", `starting${role === "all" ? "" : ` as ${role}`} (data in ${settings.dataDir})`);
  for (const warning of unknownVariableWarnings()) output.line("config", `WARNING ${warning}`, "warn");
  let service: RunningService;
  try {
    service = await startTokenhub(settings, {
      progress: (component, message) => output.line(component, message),
      ponderOutput: (chunk) => output.raw(chunk),
      signal: controller.signal,
      role,
    });
  } catch (error) {
    if (!(error instanceof StartAborted)) throw error;
    output.line("tokenhub", "stopped before it was up");
    return 0;
  }
  printBanner(output, service, (Date.now() - started) / 1000);

  const code = await service.done;
  output.line("tokenhub", "stopped");
  return controller.signal.aborted ? 0 : (code ?? 1);
}

function printBanner(output: ReturnType<typeof createTerminalOutput>, service: RunningService, seconds: number): void {
  const lines: string[] = [
    "",
    `tokenhub is up in ${seconds.toFixed(1)} s${service.role === "all" ? "" : ` as ${service.role === "api" ? "an API replica" : "the indexer"}`}`,
    service.role === "indexer"
      ? `  base URL  ${service.baseUrl}   (the indexer answers /health, /ready, /status and /metrics only; the API replicas serve the rest)`
      : `  base URL  ${service.baseUrl}`,
  ];
  if (service.role !== "indexer") {
    lines.push(`  docs      ${service.baseUrl}/docs (API reference, try requests), ${service.baseUrl}/graphql (GraphiQL), ${service.baseUrl}/openapi.json`);
  }
  for (const chain of service.chains) {
    lines.push(`  chain     ${chain.name} (id ${chain.id})${chain.local ? ", local anvil" : ""}`);
    // Where indexing starts decides how long a remote chain takes to be ready (docs/testnet.md).
    if (!chain.local) lines.push(`            indexed from block ${chain.startBlock}`);
    if (chain.coreDeployed) {
      lines.push(`            TokenFactory ${chain.core.tokenFactory}`);
      lines.push(`            ERC-6551 registry ${chain.core.erc6551Registry}, account implementation ${chain.core.accountImplementation}`);
    } else if (chain.accountsDeployed) {
      lines.push(`            ERC-6551 registry ${chain.core.erc6551Registry}, account implementation ${chain.core.accountImplementation}`);
      lines.push("            no TokenFactory: collections cannot be created here until the core contracts are deployed");
    } else {
      lines.push("            core contracts missing: collections and accounts cannot be created here until they are deployed");
    }
  }
  for (const chain of service.unreachable) {
    lines.push(`  chain     ${chain.name} (id ${chain.id}) UNREACHABLE: ${chain.reason}; its routes answer 503 until it joins`);
  }
  if (service.generatedAdminToken) {
    lines.push("", "  First start: admin token of project 'default' (shown once, store it now):", `  ${service.generatedAdminToken}`);
  } else if (service.firstStart) {
    lines.push("  First start: project 'default' created; its admin token is the one given in TOKENHUB_ADMIN_TOKEN.");
  }
  lines.push("");
  const chains = [
    ...service.chains.map((chain) => ({ id: chain.id, name: chain.name, local: chain.local, ...(chain.coreDeployed ? { core: chain.core } : {}) })),
    ...service.unreachable.map((chain) => ({ ...chain, unreachable: true })),
  ];
  output.banner(lines, { role: service.role, baseUrl: service.baseUrl, seconds, adminToken: service.generatedAdminToken, chains });
}
