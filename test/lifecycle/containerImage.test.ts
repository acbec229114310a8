import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/ports.js";
import { waitFor } from "../helpers/waitFor.js";

/**
 * The repository's Dockerfile, built and run with podman (issue 39). Nothing is pulled: the base it names
 * (debian:bookworm-slim) is made here with debootstrap from the Debian mirror apt uses and tagged with that name;
 * the build fetches only Debian and npm packages. The image runs on the embedded default with its data directory on
 * a named volume: ready, a collection created and a token minted and listed, stopped with SIGTERM, started again in a
 * new container on the same volume with the token still listed, then removed (the build kept as the next run's
 * layer cache: CACHE_STAGE, CACHE_IMAGE).
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const BASE = "docker.io/library/debian:bookworm-slim";
const id = crypto.randomBytes(4).toString("hex");
const IMAGE = `localhost/tokenhub-test:${id}`;
/**
 * The last run's build, kept as this one's layer cache (the build stage and the image, about 1.5 GB in all, replaced by
 * each run): with unchanged dependencies a build copies the sources and bundles the CLI, and leaves apt and npm alone.
 */
const CACHE_STAGE = "localhost/tokenhub-test-cache:build";
const CACHE_IMAGE = "localhost/tokenhub-test-cache:image";
const VOLUME = `tokenhub-test-${id}`;
const RECIPIENT = "0x976EA74026E726554dB657fA54763abd0C3a0aa9";

let workDir: string;
let env: NodeJS.ProcessEnv;
let port: number;
const adminToken = `thk_test_${crypto.randomBytes(24).toString("base64url")}`;
const containers: string[] = [];

async function podman(args: string[], timeoutMs = 600_000): Promise<string> {
  const { stdout } = await run("podman", args, { env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** The Debian mirror and suite apt uses here: debootstrap makes the base from the same place. */
function debianMirror(): string {
  const sources = ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"].filter((file) => fs.existsSync(file)).map((file) => fs.readFileSync(file, "utf8"));
  const deb822 = /URIs:\s*(\S+)/.exec(sources.join("\n"));
  const oneLine = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m.exec(sources.join("\n"));
  return deb822?.[1] ?? oneLine?.[1] ?? "http://deb.debian.org/debian";
}

async function ensureBase(): Promise<void> {
  const exists = await run("podman", ["image", "exists", BASE], { env }).then(
    () => true,
    () => false,
  );
  if (exists) return;
  const rootfs = path.join(workDir, "rootfs");
  await run("debootstrap", ["--variant=minbase", "bookworm", rootfs, debianMirror()], { timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
  await run("sh", ["-c", `tar -C '${rootfs}' -c . | podman import - ${BASE}`], { env, timeout: 300_000 });
  fs.rmSync(rootfs, { recursive: true, force: true });
}

async function startContainer(): Promise<string> {
  const name = `tokenhub-test-${id}-${containers.length + 1}`;
  // The host's network (this machine has no bridge set up for podman): the service listens on a free port of it.
  await podman(["run", "-d", "--name", name, "--network", "host", "-e", `PORT=${port}`, "-e", `TOKENHUB_ADMIN_TOKEN=${adminToken}`, "-v", `${VOLUME}:/var/lib/tokenhub`, IMAGE]);
  containers.push(name);
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined))?.status === 200, { timeoutMs: 240_000, intervalMs: 500 }).catch(
    async (error: Error) => {
      throw new Error(`the container never became ready (${error.message}):\n${await podman(["logs", name]).catch((failed: Error) => failed.message)}`);
    },
  );
  return name;
}

async function api(method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-container-"));
  // crun fails on this machine's hybrid cgroups and on RLIMIT_NOFILE: runc, cgroupfs, and no ulimits of podman's own.
  const conf = path.join(workDir, "containers.conf");
  fs.writeFileSync(conf, '[containers]\ndefault_ulimits = []\n\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n');
  env = { ...process.env, CONTAINERS_CONF: conf };
  port = await freePort();
  await ensureBase();
}, 900_000);

afterAll(async () => {
  for (const name of containers) await podman(["rm", "-f", "-t", "0", name]).catch(() => undefined);
  await podman(["volume", "rm", "-f", VOLUME]).catch(() => undefined);
  // This build becomes the cache; the one before it, untagged now, goes with every other dangling image.
  await podman(["tag", IMAGE, CACHE_IMAGE]).catch(() => undefined);
  await podman(["untag", IMAGE, IMAGE]).catch(() => undefined);
  await podman(["image", "prune", "-f"]).catch(() => undefined);
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}, 120_000);

describe("the container image", () => {
  it("builds from the Dockerfile, runs as a non-root user on its data volume, mints, and keeps its data across a SIGTERM and a new container", async () => {
    // This machine reaches the npm registry through a proxy whose CA is in the system bundle only: handed to the build.
    const bundle = "/etc/ssl/certs/ca-certificates.crt";
    const extraCa = fs.existsSync(bundle) ? ["-v", `${bundle}:/run/extra-ca.crt:ro`, "--build-arg", "EXTRA_CA_CERTS=/run/extra-ca.crt"] : [];
    const build = ["build", "--network=host", "--format", "docker", "--pull=never", ...extraCa, "-f", path.join(ROOT, "Dockerfile")];
    // The build stage tagged on its own: its layers (apt, Node, npm install) are what the next run's build reuses.
    await podman([...build, "--target", "build", "-t", CACHE_STAGE, ROOT], 1_500_000);
    await podman([...build, "-t", IMAGE, ROOT], 1_500_000);
    const size = Number(await podman(["image", "inspect", "--format", "{{.Size}}", IMAGE]));
    console.log(`tokenhub image ${IMAGE}: ${(size / 1024 / 1024).toFixed(0)} MiB`);
    type Inspected = { Config: { User: string; Entrypoint: string[]; Volumes: Record<string, unknown>; StopSignal: string }; Healthcheck?: { Test: string[] } };
    const [image] = JSON.parse(await podman(["image", "inspect", IMAGE])) as Inspected[];
    expect(image!.Config).toMatchObject({ User: "tokenhub", Entrypoint: ["tini", "--", "node", "bin/tokenhub.mjs", "start"], StopSignal: "SIGTERM" });
    expect(Object.keys(image!.Config.Volumes)).toEqual(["/var/lib/tokenhub"]);
    expect(image!.Healthcheck?.Test.join(" ")).toMatch(/^CMD node -e .*\/health/);

    const first = await startContainer();
    // No process of the container runs as root: tini, the supervisor, PostgreSQL, anvil and Ponder.
    const processes = (await podman(["top", first, "user", "args"])).split("\n").slice(1);
    expect(processes.length).toBeGreaterThanOrEqual(5);
    expect(processes.filter((line) => !/^tokenhub\s/.test(line)), processes.join("\n")).toEqual([]);
    expect(processes.join("\n")).toMatch(/postgres/);
    // The volume holds the data directory.
    const mountpoint = await podman(["volume", "inspect", "--format", "{{.Mountpoint}}", VOLUME]);
    expect(fs.readdirSync(mountpoint)).toEqual(expect.arrayContaining(["postgres", "runtime.json", "master.key", "signer.key", "media"]));

    const created = await api("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Boxed", symbol: "BOX" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const contract = created.body.contractAddress as string;
    const minted = await api("POST", "/api/v1/erc721/mint?wait=mined", { chainId: 31337, contractAddress: contract, recipientAddress: RECIPIENT, metadata: { name: "Boxed #1" } });
    expect(minted.body.status, JSON.stringify(minted.body)).toBe("success");
    const listed = async () => {
      const answer = await api("GET", `/api/v1/erc721/tokens?chainId=31337&contractAddress=${contract}`);
      return answer.status === 200 && answer.body.tokens.length === 1 ? answer.body.tokens : undefined;
    };
    const before = await waitFor(listed, { timeoutMs: 30_000 });
    expect(before).toMatchObject([{ tokenId: "1", ownerAddress: RECIPIENT, metadata: { name: "Boxed #1" } }]);

    // podman stop sends the image's STOPSIGNAL (SIGTERM) and waits: tini passes it to the supervisor, which stops in order.
    await podman(["stop", "-t", "60", first], 120_000);
    const stopped = JSON.parse(await podman(["inspect", "--format", "{{json .State}}", first])) as { ExitCode: number };
    const logs = await podman(["logs", first]);
    expect(logs).toContain("tokenhub stopped");
    expect(stopped.ExitCode, logs.slice(-2000)).toBe(0);
    // The local chain's state, written by the stop itself (asked of anvil, then renamed into place).
    expect(fs.readdirSync(mountpoint)).toContain("anvil-state.json");

    await startContainer();
    expect(await waitFor(listed, { timeoutMs: 60_000 })).toEqual(before);
  }, 1_800_000);
});
