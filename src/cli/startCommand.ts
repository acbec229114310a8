import type { Settings } from "../config/env.js";
import { startTokenhub } from "../runtime/supervisor.js";
import type { Output } from "./tokenCommands.js";

/** `tokenhub start`: runs the whole service in the foreground until Ctrl-C / SIGTERM. */
export async function startCommand(settings: Settings, out: Output): Promise<number> {
  const started = Date.now();
  out(`tokenhub starting (data in ${settings.dataDir})`);
  const service = await startTokenhub(
    settings,
    (component, message) => out(`  ${component.padEnd(9)} ${message}`),
    (chunk) => process.stdout.write(chunk),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    out(`tokenhub stopping (${signal})`);
    void service.stop();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  out("");
  out(`tokenhub is up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  out(`  base URL  ${service.baseUrl}   (OpenAPI: ${service.baseUrl}/openapi.json, GraphQL: ${service.baseUrl}/graphql)`);
  for (const chain of service.chains) {
    out(`  chain     ${chain.name} (id ${chain.id})${chain.local ? ", local anvil" : ""}`);
    out(`            TokenFactory ${chain.core.tokenFactory}`);
    out(`            ERC-6551 registry ${chain.core.erc6551Registry}, account implementation ${chain.core.accountImplementation}`);
  }
  if (service.generatedAdminToken) {
    out("");
    out("  First start: admin token of project 'default' (shown once, store it now):");
    out(`  ${service.generatedAdminToken}`);
  } else if (service.firstStart) {
    out("  First start: project 'default' created; its admin token is the one given in TOKENHUB_ADMIN_TOKEN.");
  }
  out("");

  const code = await service.done;
  out("tokenhub stopped");
  return stopping ? 0 : (code ?? 1);
}
