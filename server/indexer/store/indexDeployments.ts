import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import type { StoreDb } from "../../store/database/db.js";
import { CHECKPOINT_TABLE, META_TABLE, ponderLiveQueryNames, REORG_TABLE_PATTERN } from "../ponderInternals.js";
import { deleteSetting, getSetting, putSetting } from "./indexState.js";

/**
 * The index as builds ("deployments", Ponder's zero-downtime pattern): each build of the index (indexing code, chains
 * and contracts, Ponder version) is a schema of its own, `<index schema>_<8 hex of its fingerprint>`, and the index
 * schema itself holds only views onto the build that answers (Ponder's views pattern). A new build is made beside the
 * one that answers; the views are pointed at it, in one transaction, once it is complete and has caught up with the
 * chains, and the build it replaced is dropped then. Readers name only the index schema: they switch unawares.
 */

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function deploymentSchemaName(indexSchema: string, fingerprint: string): string {
  return `${indexSchema}_${fingerprint.slice(0, 8)}`;
}

/** What the index schema holds: nothing yet, tables of its own (an index built before deployments), or views. */
export type IndexSchemaState = { kind: "none" } | { kind: "tables" } | { kind: "views"; deployment: string | undefined };

export async function indexSchemaState(pool: pg.Pool | pg.PoolClient, indexSchema: string): Promise<IndexSchemaState> {
  const { rows } = await pool.query<{ relkind: string }>(
    "SELECT c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2",
    [indexSchema, META_TABLE],
  );
  if (rows[0] === undefined) return { kind: "none" };
  if (rows[0].relkind !== "v") return { kind: "tables" };
  return { kind: "views", deployment: await viewsTarget(pool, indexSchema) };
}

/** The schema the index schema's views read, from the views' dependencies (what Ponder or this module made them). */
async function viewsTarget(pool: pg.Pool | pg.PoolClient, indexSchema: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ schema: string }>(
    `SELECT DISTINCT tn.nspname AS schema
       FROM pg_class v
       JOIN pg_namespace vn ON vn.oid = v.relnamespace
       JOIN pg_rewrite r ON r.ev_class = v.oid
       JOIN pg_depend d ON d.objid = r.oid AND d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_class'::regclass
       JOIN pg_class t ON t.oid = d.refobjid AND t.oid <> v.oid
       JOIN pg_namespace tn ON tn.oid = t.relnamespace
      WHERE vn.nspname = $1 AND v.relname = $2`,
    [indexSchema, META_TABLE],
  );
  return rows[0]?.schema;
}

/** How long the switch may wait for a reader of the old views: readers queued behind it wait as long (theirs: 500 ms). */
const SWITCH_LOCK_TIMEOUT_MS = 200;
/** How long the switch is tried again while readers hold the old views (a long GraphQL or SQL query). */
const SWITCH_RETRY_FOR_MS = 120_000;

/**
 * Points the index schema's views at `deployment`, in one transaction, as Ponder's views pattern does, with
 * `statements` (its live-query notification) after them. It waits briefly for readers of the old views, and tries
 * again while one holds them, so that readers queued behind it never wait long enough to fail.
 */
export async function pointViewsAt(pool: pg.Pool, indexSchema: string, deployment: string, statements: string[] = []): Promise<void> {
  await whileLocked(() => replaceViews(pool, indexSchema, deployment, statements));
}

/** Runs `work` again while it fails for a lock it could not get within its timeout, for up to SWITCH_RETRY_FOR_MS. */
async function whileLocked(work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + SWITCH_RETRY_FOR_MS;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

const LOCK_NOT_AVAILABLE = "55P03";

async function replaceViews(pool: pg.Pool, indexSchema: string, deployment: string, statements: string[]): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query(`SET LOCAL lock_timeout = ${SWITCH_LOCK_TIMEOUT_MS}`);
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v') AND NOT c.relispartition AND c.relname NOT LIKE $2
        ORDER BY c.relname`,
      [deployment, REORG_TABLE_PATTERN],
    );
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoted(indexSchema)}`);
    for (const { name } of rows) {
      await client.query(`DROP VIEW IF EXISTS ${quoted(indexSchema)}.${quoted(name)}`);
      await client.query(`CREATE VIEW ${quoted(indexSchema)}.${quoted(name)} AS SELECT * FROM ${quoted(deployment)}.${quoted(name)}`);
    }
    for (const statement of statements) await client.query(statement);
  });
}

/**
 * The statements with which Ponder's views pattern (`--views-schema`) makes live queries on the views schema
 * (`/sql/live` of a `ponder serve` on it) hear of each indexed block: Ponder's own SQL, from the module of the installed
 * version that writes it (not exported by the package), so that the views can be switched in one transaction here.
 */
export async function liveQueryNotifySql(viewsSchema: string, schema: string): Promise<string[]> {
  const names = await ponderLiveQueryNames();
  return [
    names.getLiveQueryNotifyProcedureSql({ schema: viewsSchema, channel: names.getLiveQueryChannelName(viewsSchema) }),
    `CREATE OR REPLACE TRIGGER "${names.getViewsLiveQueryNotifyTriggerName(viewsSchema)}" AFTER INSERT OR UPDATE OR DELETE ON ${quoted(schema)}.${quoted(CHECKPOINT_TABLE)}
       FOR EACH STATEMENT EXECUTE PROCEDURE ${quoted(viewsSchema)}.${names.getLiveQueryNotifyProcedureName()}`,
  ];
}

/**
 * The channel on which PostgreSQL announces each block Ponder indexes live into what `schema` names: Ponder's own
 * live-query trigger on the build a `ponder start` runs, or the views pattern's on the build the views schema points at
 * (liveQueryNotifySql). Reverts and the backfill are not announced.
 */
export async function indexChangeChannel(schema: string): Promise<string> {
  return (await ponderLiveQueryNames()).getLiveQueryChannelName(schema);
}

/** Where an index schema that held tables of its own (before deployments) is moved, to answer until the first build. */
export function legacyIndexName(indexSchema: string): string {
  return `${indexSchema}_legacy`;
}

/**
 * An index schema with tables of its own (made before deployments) is renamed to `legacyIndexName` and the index
 * schema made views onto it, in one transaction: it answers, frozen, while the first build is made beside it.
 */
export async function moveLegacyIndex(pool: pg.Pool, indexSchema: string): Promise<string> {
  const legacy = legacyIndexName(indexSchema);
  await withTransaction(pool, async (client) => {
    await client.query("SET LOCAL lock_timeout = 10000");
    await client.query(`DROP SCHEMA IF EXISTS ${quoted(legacy)} CASCADE`);
    await client.query(`ALTER SCHEMA ${quoted(indexSchema)} RENAME TO ${quoted(legacy)}`);
  });
  await pointViewsAt(pool, indexSchema, legacy);
  return legacy;
}

const deploymentsKey = (indexSchema: string) => `index_deployments:${indexSchema}`;

/** The builds of this index schema that may still exist (the app store keeps the list: only they are ever dropped). */
export async function recordedDeployments(db: StoreDb, indexSchema: string): Promise<string[]> {
  const value = await getSetting(db, deploymentsKey(indexSchema));
  return value === undefined ? [] : (JSON.parse(value) as string[]);
}

export async function recordDeployment(db: StoreDb, indexSchema: string, deployment: string): Promise<void> {
  const known = await recordedDeployments(db, indexSchema);
  if (!known.includes(deployment)) await putSetting(db, deploymentsKey(indexSchema), JSON.stringify([...known, deployment]));
}

const indexVersionKey = (deployment: string) => `index_build_version:${deployment}`;

/**
 * The TOKENHUB_INDEX_VERSION a build was made with: with it, the build's fingerprint can be computed again, and so
 * whether today's indexing code is the code that made it (server/indexer/buildFollower.ts).
 */
export async function recordBuildIndexVersion(db: StoreDb, deployment: string, indexVersion: string): Promise<void> {
  await putSetting(db, indexVersionKey(deployment), indexVersion);
}

export async function recordedBuildIndexVersion(db: StoreDb, deployment: string): Promise<string | undefined> {
  return await getSetting(db, indexVersionKey(deployment));
}

/**
 * Drops every recorded build but `keep`. A build a reader still holds (a query begun before the switch) is waited for
 * a little at a time, as the switch waits, so that readers never queue long behind the drop. Returns the builds
 * dropped; one still held after the retries is left for the next switch or start.
 */
export async function dropRetiredDeployments(pool: pg.Pool, db: StoreDb, indexSchema: string, keep: string[]): Promise<string[]> {
  const dropped: string[] = [];
  for (const deployment of await recordedDeployments(db, indexSchema)) {
    if (keep.includes(deployment)) continue;
    const done = await whileLocked(() =>
      withTransaction(pool, async (client) => {
        await client.query(`SET LOCAL lock_timeout = ${SWITCH_LOCK_TIMEOUT_MS}`);
        await client.query(`DROP SCHEMA IF EXISTS ${quoted(deployment)} CASCADE`);
      }),
    ).then(
      () => true,
      (error: { code?: string }) => {
        if (error.code === LOCK_NOT_AVAILABLE) return false;
        throw error;
      },
    );
    if (done) {
      dropped.push(deployment);
      await deleteSetting(db, indexVersionKey(deployment));
    }
  }
  if (dropped.length > 0) {
    const left = (await recordedDeployments(db, indexSchema)).filter((deployment) => !dropped.includes(deployment));
    await putSetting(db, deploymentsKey(indexSchema), JSON.stringify(left));
  }
  return dropped;
}

/** The app store setting naming the build the indexer of `indexSchema` runs now (its progress is the index's). */
function buildingDeploymentKey(indexSchema: string): string {
  return `index_building:${indexSchema}`;
}

/** Records the build the indexer of `indexSchema` runs now: API replicas read its progress from it. */
export async function recordBuildingDeployment(db: StoreDb, indexSchema: string, deployment: string): Promise<void> {
  await putSetting(db, buildingDeploymentKey(indexSchema), deployment);
}

/** The build the indexer of `indexSchema` runs now (the last one it started), if one was recorded. */
export async function buildingDeployment(db: StoreDb, indexSchema: string): Promise<string | undefined> {
  return await getSetting(db, buildingDeploymentKey(indexSchema));
}
