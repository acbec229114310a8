import type { Address } from "viem";
import type { Queryable } from "./transactions.js";

/** Where `tokenhub contract deploy` found or put a chain's core contracts (migration 0150). */
export type CoreDeploymentRecord = { chainId: number; factoryAddress: Address; factoryBlock: bigint };

export async function recordCoreDeployment(db: Queryable, record: CoreDeploymentRecord): Promise<void> {
  await db.query(
    `INSERT INTO tokenhub_app.core_deployments (chain_id, factory_address, factory_block) VALUES ($1, $2, $3)
     ON CONFLICT (chain_id) DO UPDATE SET factory_address = EXCLUDED.factory_address, factory_block = EXCLUDED.factory_block, recorded_at = now()`,
    [record.chainId, record.factoryAddress, record.factoryBlock.toString()],
  );
}

export async function findCoreDeployment(db: Queryable, chainId: number): Promise<CoreDeploymentRecord | undefined> {
  const { rows } = await db.query<{ factory_address: Address; factory_block: string }>(
    "SELECT factory_address, factory_block FROM tokenhub_app.core_deployments WHERE chain_id = $1",
    [chainId],
  );
  const row = rows[0];
  return row && { chainId, factoryAddress: row.factory_address, factoryBlock: BigInt(row.factory_block) };
}

/** The factory's deployment block of every chain that has one recorded: where a chain without startBlock is indexed from. */
export async function recordedFactoryBlocks(db: Queryable): Promise<Map<number, number>> {
  const { rows } = await db.query<{ chain_id: string; factory_block: string }>("SELECT chain_id, factory_block FROM tokenhub_app.core_deployments");
  return new Map(rows.map((row) => [Number(row.chain_id), Number(row.factory_block)]));
}
