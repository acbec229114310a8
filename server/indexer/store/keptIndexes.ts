import type pg from "pg";
import { withTransaction } from "../../store/database/db.js";
import { META_TABLE, OWN_TABLE_PATTERN } from "../ponderInternals.js";

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What a kept index is named while Ponder starts: its own name is in its comment. */
const KEPT_PREFIX = "tokenhub_kept_";

/**
 * Ponder's start on a build it ran before drops every index ponder.schema.ts declares (its crash recovery, by name),
 * then creates them again once its backfill is done (`CREATE INDEX IF NOT EXISTS`): a restart rebuilt every index of
 * the whole index, 6.6 s of a 22.7 s restart at 300,000 events and growing with the index. Before Ponder starts, the
 * build's indexes are renamed out of its way (their own name kept in their comment), and a trigger gives them their
 * names back in the transaction of Ponder's recovery, at its last statement (the update of its meta table, after
 * the drops): its creation after the backfill then finds them and does nothing, and there is no moment in which Ponder
 * could make them again. Renamed indexes still serve the reads of the build meanwhile. Indexes that back a constraint
 * (primary keys) and Ponder's own tables' are left alone: its recovery keeps those. Kept indexes of a start that ended
 * before their restoration are kept as they are. Returns how many are kept.
 */
export async function keepIndexesThroughRecovery(pool: pg.Pool, build: string): Promise<number> {
  const { rows } = await pool.query<{ name: string; oid: string }>(
    `SELECT c.relname AS name, c.oid::text AS oid
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND t.relname NOT LIKE $3 AND NOT starts_with(c.relname, $2)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [build, KEPT_PREFIX, OWN_TABLE_PATTERN],
  );
  const schema = quoted(build);
  const meta = `${schema}.${quoted(META_TABLE)}`;
  return await withTransaction(pool, async (client) => {
    const { rows: found } = await client.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [meta]);
    if (!found[0]?.found) return 0;
    for (const { name, oid } of rows) {
      const kept = `${KEPT_PREFIX}${oid}`;
      await client.query(`ALTER INDEX ${schema}.${quoted(name)} RENAME TO ${quoted(kept)}`);
      await client.query(`COMMENT ON INDEX ${schema}.${quoted(kept)} IS ${literal(name)}`);
    }
    await client.query(`CREATE OR REPLACE FUNCTION ${schema}.tokenhub_restore_kept_indexes() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        kept record;
      BEGIN
        FOR kept IN SELECT c.relname AS kept, obj_description(c.oid, 'pg_class') AS name FROM pg_class c
                     WHERE c.relnamespace = ${literal(build)}::regnamespace AND c.relkind = 'i' AND starts_with(c.relname, ${literal(KEPT_PREFIX)}) LOOP
          BEGIN
            IF kept.name IS NULL THEN
              EXECUTE format('DROP INDEX %I.%I', ${literal(build)}, kept.kept);
            ELSE
              EXECUTE format('ALTER INDEX %I.%I RENAME TO %I', ${literal(build)}, kept.kept, kept.name);
            END IF;
          EXCEPTION WHEN duplicate_table THEN
            EXECUTE format('DROP INDEX %I.%I', ${literal(build)}, kept.kept);
          END;
        END LOOP;
        RETURN NULL;
      END $$`);
    await client.query(`DROP TRIGGER IF EXISTS tokenhub_restore_kept_indexes ON ${meta}`);
    await client.query(`CREATE TRIGGER tokenhub_restore_kept_indexes AFTER UPDATE ON ${meta} FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.tokenhub_restore_kept_indexes()`);
    return rows.length;
  });
}

/**
 * What the trigger of keepIndexesThroughRecovery left, once Ponder's recovery is done (before its HTTP server answers):
 * nothing, unless its recovery took another path (a build it had not finished). Each kept index gets its name back,
 * or is dropped if Ponder made the index again under that name meanwhile. Returns how many of each.
 */
export async function restoreKeptIndexes(pool: pg.Pool, build: string): Promise<{ restored: number; dropped: number }> {
  const { rows } = await pool.query<{ kept: string; name: string | null }>(
    `SELECT c.relname AS kept, obj_description(c.oid, 'pg_class') AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'i' AND starts_with(c.relname, $2)`,
    [build, KEPT_PREFIX],
  );
  const schema = quoted(build);
  let restored = 0;
  let dropped = 0;
  for (const { kept, name } of rows) {
    if (name !== null && (await renamed(pool, `${schema}.${quoted(kept)}`, name))) {
      restored++;
      continue;
    }
    await pool.query(`DROP INDEX IF EXISTS ${schema}.${quoted(kept)}`);
    dropped++;
  }
  return { restored, dropped };
}

/** Whether the index got the name; false when the schema has a relation of that name already. */
async function renamed(pool: pg.Pool, index: string, name: string): Promise<boolean> {
  try {
    await pool.query(`ALTER INDEX ${index} RENAME TO ${quoted(name)}`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === DUPLICATE_TABLE) return false;
    throw error;
  }
}

/** PostgreSQL's "relation already exists". */
const DUPLICATE_TABLE = "42P07";

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
