import type { Address } from "viem";
import type pg from "pg";

/**
 * Runs `work` holding one signer's lock, shared by every replica on this database (a session advisory lock, released
 * by PostgreSQL if the holder's connection dies), on the client that holds it. A lane allocates, records and
 * broadcasts its signer's transactions under it: another replica's lane allocates the next nonces only once these
 * were handed to the node, so a signer's transactions reach the node in nonce order whichever replica sent them.
 */
export async function withSignerLock<T>(pool: pg.Pool, chainId: number, signer: Address, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const key = `tokenhub:signer:${chainId}:${signer.toLowerCase()}`;
  let broken = false;
  try {
    await client.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [key]);
    try {
      return await work(client);
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]).catch(() => {
        // A connection that failed to unlock is closed instead, which lets the lock go just as well.
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}
