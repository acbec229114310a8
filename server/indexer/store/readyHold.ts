import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import { CHECKPOINT, CHECKPOINT_TABLE, checkpointBlockSql, META, META_TABLE } from "../ponderInternals.js";

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** SQL: the app row's ready mark in a jsonb value (`NEW.value`, `OLD.value`). */
const readyOf = (value: string) => `(${value} ->> '${META.ready}')`;

/** The block each chain's index must reach before the build may say it is ready. */
export type ReadyFloor = { chainId: number; block: number };

/**
 * Ponder marks a build ready (its meta table's ready mark, which its `/ready` and tokenhub's readiness read) once its
 * backfill reaches each chain's finalized block, even when its crash recovery just reverted blocks the index had served
 * before the stop, and before it reached the chain's head. On a build that exists already (a restart), these triggers
 * hold that mark back until every chain's checkpoint has reached its floor (what the index held before the stop, and
 * the head at the start), then set it as Ponder asked: a restart never answers a shorter listing as complete. Replaced
 * at every start with that start's floors; a build made now has no earlier answers to keep.
 */
export async function holdReadyUntil(pool: pg.Pool, build: string, floors: ReadyFloor[]): Promise<void> {
  const schema = quoted(build);
  const meta = `${schema}.${quoted(META_TABLE)}`;
  const checkpoints = `${schema}.${quoted(CHECKPOINT_TABLE)}`;
  const floorRows = floors.map((floor) => `(${Math.trunc(floor.chainId)}::numeric, ${Math.trunc(floor.block)}::numeric)`).join(", ");
  const below = floors.length === 0
    ? "false"
    : `EXISTS (SELECT 1 FROM (VALUES ${floorRows}) AS f(chain_id, block)
         LEFT JOIN ${checkpoints} c ON c.${CHECKPOINT.chainId} = f.chain_id
        WHERE c.${CHECKPOINT.chainId} IS NULL OR ${checkpointBlockSql(`c.${CHECKPOINT.latest}`)} < f.block)`;
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AND to_regclass($2) IS NOT NULL AS found", [meta, checkpoints]);
    if (!rows[0]?.found) return;
    await client.query(`CREATE OR REPLACE FUNCTION ${schema}.tokenhub_below_floor() RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT ${below} $$`);
    await client.query(`CREATE OR REPLACE FUNCTION ${schema}.tokenhub_hold_ready() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.${META.key} = '${META.appRow}' AND ${readyOf(`NEW.${META.value}`)} = '1'
           AND (TG_OP = 'INSERT' OR ${readyOf(`OLD.${META.value}`)} IS DISTINCT FROM '1')
           AND ${schema}.tokenhub_below_floor() THEN
          NEW.${META.value} := jsonb_set(jsonb_set(NEW.${META.value}, '{${META.ready}}', '0'), '{tokenhub_held}', '1');
        END IF;
        RETURN NEW;
      END $$`);
    await client.query(`CREATE OR REPLACE FUNCTION ${schema}.tokenhub_release_ready() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ${meta} WHERE ${META.key} = '${META.appRow}' AND ${META.value} ? 'tokenhub_held')
           AND NOT ${schema}.tokenhub_below_floor() THEN
          UPDATE ${meta} SET ${META.value} = jsonb_set(${META.value} - 'tokenhub_held', '{${META.ready}}', '1') WHERE ${META.key} = '${META.appRow}';
        END IF;
        RETURN NULL;
      END $$`);
    await client.query(`DROP TRIGGER IF EXISTS tokenhub_hold_ready ON ${meta}`);
    // A build started as the one that runs is no longer kept ready by a follower's trigger (keepReady below).
    await client.query(`DROP TRIGGER IF EXISTS tokenhub_keep_ready ON ${meta}`);
    await client.query(`CREATE TRIGGER tokenhub_hold_ready BEFORE INSERT OR UPDATE ON ${meta} FOR EACH ROW EXECUTE FUNCTION ${schema}.tokenhub_hold_ready()`);
    await client.query(`DROP TRIGGER IF EXISTS tokenhub_release_ready ON ${checkpoints}`);
    await client.query(`CREATE TRIGGER tokenhub_release_ready AFTER INSERT OR UPDATE ON ${checkpoints} FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.tokenhub_release_ready()`);
  });
}

/**
 * For the build that answers while another is built (server/indexer/buildFollower.ts): Ponder, started on it again
 * to follow the chain's head, unmarks it (is_ready 0) until its crash recovery and short backfill are done; this
 * trigger keeps the mark. Only for a build whose indexed blocks were all made final first (markIndexFinal): its
 * recovery then takes nothing back, so it holds at least what it served throughout. Dropped at the build's next
 * start as the build that runs (holdReadyUntil).
 */
export async function keepReady(pool: pg.Pool, build: string): Promise<void> {
  const schema = quoted(build);
  const meta = `${schema}.${quoted(META_TABLE)}`;
  await withTransaction(pool, async (client) => {
    await client.query(`CREATE OR REPLACE FUNCTION ${schema}.tokenhub_keep_ready() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.${META.key} = '${META.appRow}' AND ${readyOf(`OLD.${META.value}`)} = '1' AND ${readyOf(`NEW.${META.value}`)} IS DISTINCT FROM '1' THEN
          NEW.${META.value} := jsonb_set(NEW.${META.value}, '{${META.ready}}', '1');
        END IF;
        RETURN NEW;
      END $$`);
    await client.query(`DROP TRIGGER IF EXISTS tokenhub_keep_ready ON ${meta}`);
    await client.query(`CREATE TRIGGER tokenhub_keep_ready BEFORE UPDATE ON ${meta} FOR EACH ROW EXECUTE FUNCTION ${schema}.tokenhub_keep_ready()`);
  });
}
