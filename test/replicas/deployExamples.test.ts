import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments, parseDocument } from "yaml";
import { loadChainsConfig } from "../../server/chain/chainsConfig.js";
import { unknownVariableWarnings } from "../../server/config/env.js";

/**
 * The deployment examples of docs/deploy.md cannot run here (no systemd, no cluster, no registry to pull PostgreSQL's
 * image from): each is parsed, and what it starts is checked against the CLI (the roles), the Dockerfile (its entry and
 * user) and the configuration (every variable known, the chains file valid). The image itself is built and run by
 * test/lifecycle/containerImage.test.ts.
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

/** The uid the Dockerfile gives its user. */
const IMAGE_UID = Number(/useradd [^\n]*--uid (\d+)/.exec(read("Dockerfile"))![1]);

/** The last stage's ENTRYPOINT (exec form) of the Dockerfile. */
function dockerfileEntrypoint(): string[] {
  const lines = read("Dockerfile").split("\n").filter((line) => line.startsWith("ENTRYPOINT "));
  return JSON.parse(lines.at(-1)!.slice("ENTRYPOINT ".length)) as string[];
}

function checkChainsFile(text: string): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-manifest-")), "chains.json");
  fs.writeFileSync(file, text);
  const chains = loadChainsConfig(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  expect(chains.length).toBeGreaterThan(0);
  expect(chains.every((chain) => chain.rpcUrl !== undefined)).toBe(true);
}

describe("the compose file", () => {
  type Service = { image?: string; build?: { context: string; dockerfile: string }; command?: string[]; environment?: Record<string, string>; ports?: string[]; volumes?: string[]; depends_on?: Record<string, { condition: string }>; stop_grace_period?: string; secrets?: string[] };
  const compose = parseDocument(read("deploy/compose.yaml"), { merge: true });
  const { services, secrets } = compose.toJS() as { services: Record<string, Service>; secrets: Record<string, { file: string }> };
  const tokenhubs = Object.entries(services).filter(([, service]) => service.build !== undefined);

  it("runs PostgreSQL, exactly one indexer and two API replicas, built from the repository's Dockerfile", () => {
    expect(compose.errors).toEqual([]);
    expect(services.postgres!.image).toMatch(/^postgres:/);
    expect(tokenhubs.map(([name, service]) => [name, service.command])).toEqual([
      ["indexer", ["--role", "indexer"]],
      ["api-1", ["--role", "api"]],
      ["api-2", ["--role", "api"]],
    ]);
    for (const [, service] of tokenhubs) {
      expect(service.build).toEqual({ context: "..", dockerfile: "Dockerfile" });
      expect(fs.existsSync(path.join(ROOT, "deploy", service.build!.context, service.build!.dockerfile))).toBe(true);
      expect(service.depends_on!.postgres).toEqual({ condition: "service_healthy" });
      expect(Number.parseInt(service.stop_grace_period!, 10)).toBeGreaterThanOrEqual(STOP_NEEDS_S);
    }
    expect(services["api-1"]!.ports).toEqual(["42069:42069"]);
    expect(services["api-2"]!.ports).toEqual(["42070:42069"]);
  });

  it("gives every process the same database, chains file and master key, every variable known", () => {
    const [, indexer] = tokenhubs[0]!;
    const environment = indexer.environment!;
    expect(environment.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(unknownVariableWarnings(environment)).toEqual([]);
    for (const [, service] of tokenhubs) expect(service.environment).toEqual(environment);
    const mounted = indexer.volumes!.find((volume) => volume.split(":")[1] === environment.TOKENHUB_CHAINS_FILE)!;
    checkChainsFile(fs.readFileSync(path.join(ROOT, "deploy", mounted.split(":")[0]!), "utf8"));
    expect(environment.TOKENHUB_MASTER_KEY_FILE).toBe(`/run/secrets/${indexer.secrets![0]}`);
    expect(secrets[indexer.secrets![0]!]!.file).toBe("./master.key");
  });
});

describe("the Kubernetes manifest", () => {
  type Container = { image: string; args: string[]; envFrom: unknown[]; ports: { containerPort: number }[]; livenessProbe?: { httpGet: { path: string; port: number } }; readinessProbe?: { httpGet: { path: string; port: number } }; volumeMounts: { name: string; mountPath: string }[] };
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
    // The image's entry is `tokenhub start` (the Dockerfile); args pass the role.
    expect(containerOf(indexer).args).toEqual(["--role", "indexer"]);
    expect(containerOf(indexer).livenessProbe!.httpGet).toEqual({ path: "/health", port: Number(config.PORT) });
    expect(indexer.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(STOP_NEEDS_S);
  });

  it("runs API replicas behind the Service, ready on /ready, alive on /health, with the shared master key", () => {
    const api = named("Deployment", "tokenhub-api");
    const container = containerOf(api);
    expect(api.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(container.args).toEqual(["--role", "api"]);
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

  it("runs the repository's image as its user, whose entry is tokenhub start", () => {
    for (const name of ["tokenhub-indexer", "tokenhub-api"]) {
      const deployment = named("Deployment", name);
      expect(containerOf(deployment).image).toMatch(/\/tokenhub:/);
      expect(deployment.spec.template.spec.securityContext).toEqual({ runAsNonRoot: true, runAsUser: IMAGE_UID, fsGroup: IMAGE_UID });
    }
    expect(dockerfileEntrypoint()).toEqual(["tini", "--", "node", "bin/tokenhub.mjs", "start"]);
  });

  it("configures what the service reads: every variable known, the chains file valid with an RPC per chain", () => {
    const variables = Object.fromEntries(Object.entries(config).filter(([key]) => /^[A-Z_0-9]+$/.test(key)));
    expect(unknownVariableWarnings(variables)).toEqual([]);
    checkChainsFile(config["chains.json"]!);
  });
});
