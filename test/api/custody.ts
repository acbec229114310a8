import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getAddress, type Address, type Hex } from "viem";
import { openPrivateKey } from "../../server/custody/envelope.js";
import type { MasterKey } from "../../server/custody/masterKey.js";
import { queryDatabase } from "../helpers/service.js";

/** A started service (startTestService) or a borrowed one (sharedService): the log file holds what either printed. */
type Service = { dataDir: string; databaseUrl(): string; output?(): string };

export type StoredKeyRow = { address: string; encrypted_private_key: Buffer; wrapped_data_key: Buffer; master_key_id: string };

/** The sealed keys (a key in a PKCS#11 token has no copy here: test/api/pkcs11Keys.test.ts reads the token). */
export async function storedKeys(service: Service): Promise<StoredKeyRow[]> {
  return await queryDatabase<StoredKeyRow>(
    service.databaseUrl(),
    "SELECT address, encrypted_private_key, wrapped_data_key, master_key_id FROM tokenhub_app.cloud_keys WHERE pkcs11_label IS NULL ORDER BY created_at",
  );
}

export function openRow(master: MasterKey, row: StoredKeyRow): Hex {
  return openPrivateKey(master, getAddress(row.address) as Address, {
    encryptedPrivateKey: row.encrypted_private_key,
    wrappedDataKey: row.wrapped_data_key,
    masterKeyId: row.master_key_id,
  });
}

/** Every spelling of a 32-byte secret a leak could take: hex with and without 0x, any case, base64, base64url. */
export function spellings(secret: Hex): string[] {
  const bytes = Buffer.from(secret.slice(2), "hex");
  const hex = bytes.toString("hex");
  return [hex, hex.toUpperCase(), bytes.toString("base64"), bytes.toString("base64url"), bytes.toString("base64").replace(/=+$/, "")];
}

/** Every row of every table of the service's database (app store and index), as text, bytea columns in hex. */
export async function dumpDatabase(service: Service): Promise<{ tables: string[]; text: string }> {
  const tables = await queryDatabase<{ schema: string; name: string }>(
    service.databaseUrl(),
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  let text = "";
  for (const table of tables) {
    const rows = await queryDatabase<{ row: string }>(service.databaseUrl(), `SELECT row_to_json(t)::text AS row FROM "${table.schema}"."${table.name}" t`);
    text += rows.map((row) => row.row).join("\n");
  }
  return { tables: tables.map((table) => `${table.schema}.${table.name}`), text };
}

/** What the service printed, and its log file of this run. */
export function serviceLogs(service: Service): string {
  const file = path.join(os.tmpdir(), "tokenhub-test-logs", `${path.basename(service.dataDir)}.log`);
  return `${service.output?.() ?? ""}\n${fs.existsSync(file) ? fs.readFileSync(file, "utf8") : ""}`;
}
