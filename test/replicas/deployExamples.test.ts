import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { loadChainsConfig } from "../../server/chain/chainsConfig.js";
import { unknownVariableWarnings } from "../../server/config/env.js";

/**
 * The deployment examples of docs/deploy.md cannot run here (no systemd, no cluster): each is parsed, and what it
 * starts is checked against the CLI (the roles) and the configuration (every variable known, the chains file valid).
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
/** The API's drain (TOKENHUB_SHUTDOWN_GRACE_MS, 10 s) plus Ponder's own stop (server/indexer/ponderProcess.ts, 15 s). */
const STOP_NEEDS_S = 25;

/** A systemd unit's keys by section; a key given twice keeps every value, in order. */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> | undefined;
  for (const line of text.split("\n").map((raw) => raw.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]!] = {};
      continue;
    }
    const [key, ...value] = line.split("=");
    if (!current) throw new Error(`a key before any section: ${line}`);
    (current[key!] ??= []).push(value.join("="));
  }
  return sections;
}

function envFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

describe("the systemd units", () => {
  const env = envFile(read("deploy/systemd/tokenhub.env.example"));

  it.each([
    ["deploy/systemd/tokenhub-indexer.service", "indexer"],
    ["deploy/systemd/tokenhub-api@.service", "api"],
  ])("%s starts tokenhub with --role %s, stops it in order and in time", (file, role) => {
    const unit = parseUnit(read(file));
    const service = unit.Service!;
    expect(service.ExecStart).toEqual([`/opt/tokenhub/bin/tokenhub.mjs start --role ${role}`]);
    expect(service.WorkingDirectory).toEqual(["/opt/tokenhub"]);
    expect(service.EnvironmentFile).toEqual(["/etc/tokenhub/tokenhub.env"]);
    expect(service.KillMode).toEqual(["mixed"]);
    expect(Number(service.TimeoutStopSec![0])).toBeGreaterThanOrEqual(STOP_NEEDS_S);
    expect(unit.Install!.WantedBy).toEqual(["multi-user.target"]);
    const own = Object.fromEntries(service.Environment!.map((pair) => pair.split("=") as [string, string]));
    // Each process its own data directory (one owner each); replicas on one host each their own port.
    expect(own.TOKENHUB_DATA_DIR).toMatch(/^\/var\/lib\/tokenhub\//);
    if (role === "api") expect(own).toMatchObject({ PORT: "%i", TOKENHUB_DATA_DIR: "/var/lib/tokenhub/api-%i" });
    // The shebang's `node` is the Node 24 that npm install put in the project's node_modules/.bin.
    expect(own.PATH?.split(":")[0]).toBe("/opt/tokenhub/node_modules/.bin");
  });

  it("share one environment file with what the split roles need, every variable known", () => {
    expect(Object.keys(env)).toEqual(expect.arrayContaining(["DATABASE_URL", "TOKENHUB_CHAINS_FILE", "TOKENHUB_MASTER_KEY_FILE", "PUBLIC_URL", "HOST"]));
    expect(unknownVariableWarnings(env)).toEqual([]);
  });

  it("the API replicas come up after the indexer", () => {
    expect(parseUnit(read("deploy/systemd/tokenhub-api@.service")).Unit!.After![0]).toContain("tokenhub-indexer.service");
  });
});

describe("the Kubernetes manifest", () => {
  type Container = { command: string[]; envFrom: unknown[]; ports: { containerPort: number }[]; livenessProbe?: { httpGet: { path: string; port: number } }; readinessProbe?: { httpGet: { path: string; port: number } }; volumeMounts: { name: string; mountPath: string }[] };
  type Resource = { kind: string; metadata: { name: string }; data?: Record<string, string>; spec: Record<string, any> };
  const documents = parseAllDocuments(read("deploy/kubernetes/tokenhub.yaml"));
  const resources = documents.map((document) => {
    expect(document.errors).toEqual([]);
    return document.toJS() as Resource;
  });
  const named = (kind: string, name: string) => resources.find((resource) => resource.kind === kind && resource.metadata.name === name)!;
  const config = named("ConfigMap", "tokenhub").data!;
  const containerOf = (deployment: Resource) => deployment.spec.template.spec.containers[0] as Container;

  it("runs exactly one indexer, replaced (never doubled) on an upgrade", () => {
    const indexer = named("Deployment", "tokenhub-indexer");
    expect(indexer.spec.replicas).toBe(1);
    expect(indexer.spec.strategy).toEqual({ type: "Recreate" });
    expect(containerOf(indexer).command).toEqual(["node", "bin/tokenhub.mjs", "start", "--role", "indexer"]);
    expect(containerOf(indexer).livenessProbe!.httpGet).toEqual({ path: "/health", port: Number(config.PORT) });
    expect(indexer.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(STOP_NEEDS_S);
  });

  it("runs API replicas behind the Service, ready on /ready, alive on /health, with the shared master key", () => {
    const api = named("Deployment", "tokenhub-api");
    const container = containerOf(api);
    expect(api.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(container.command).toEqual(["node", "bin/tokenhub.mjs", "start", "--role", "api"]);
    expect(container.readinessProbe!.httpGet).toEqual({ path: "/ready", port: Number(config.PORT) });
    expect(container.livenessProbe!.httpGet).toEqual({ path: "/health", port: Number(config.PORT) });
    expect(container.ports).toEqual([{ containerPort: Number(config.PORT) }]);
    expect(api.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(STOP_NEEDS_S);
    const mountOf = (file: string) => container.volumeMounts.find((mount) => file.startsWith(`${mount.mountPath}/`));
    expect(mountOf(config.TOKENHUB_MASTER_KEY_FILE!)?.name).toBe("secret");
    expect(mountOf(config.TOKENHUB_CHAINS_FILE!)?.name).toBe("config");
    const service = named("Service", "tokenhub");
    expect(service.spec.selector).toEqual(api.spec.selector.matchLabels);
    expect(service.spec.ports[0].targetPort).toBe(Number(config.PORT));
  });

  it("configures what the service reads: every variable known, the chains file valid with an RPC per chain", () => {
    const variables = Object.fromEntries(Object.entries(config).filter(([key]) => /^[A-Z_0-9]+$/.test(key)));
    expect(unknownVariableWarnings(variables)).toEqual([]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-manifest-")), "chains.json");
    fs.writeFileSync(file, config["chains.json"]!);
    const chains = loadChainsConfig(file);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(chains.length).toBeGreaterThan(0);
    expect(chains.every((chain) => chain.rpcUrl !== undefined)).toBe(true);
  });
});
