import { type Address, getAddress } from "viem";
import type pg from "pg";
import { formatAmount } from "../../schemas/amounts.js";
import type { AccountCreatedData, PermitRedeemedData, PermitRevokedData, TokenTransferredData } from "../../schemas/webhookEvents.js";
import {
  type ActivityRow,
  forgetFinalSeen,
  hasChangeTables,
  indexProgress,
  insertSeen,
  lockCursor,
  readActivityAfter,
  saveCursor,
  type SeenRow,
  seedSeen,
  takeRemovedSeen,
} from "../../store/activityDispatch.js";
import { isBuildReady } from "../../indexer/store/indexReads.js";
import { findNoncePermits, findOwnedCollections, type OwnedCollection } from "../../store/activityOwners.js";
import { giveWayToIndexer, isLockNotAvailable, withTransaction } from "../../store/database/db.js";
import type { Queryable } from "../../store/transactions.js";
import { findWebhookEvents, insertWebhookEvents, type NewWebhookEvent } from "../../store/webhookOutbox.js";
import { webhookEvent } from "./webhookEvent.js";

/** Activity rows read per chain and pass. */
const BATCH = 1_000;

/**
 * Events from the index, for the project's collections: token.transferred (ERC-20, ERC-721, ERC-1155), account.created,
 * permit.redeemed and permit.revoked. Ponder writes the index in its own transaction, so they cannot be written with
 * the change as the pipeline's are; instead each pass reads, per chain, the index's changes (`transfer` and `activity` rows) after its cursor (in chain
 * order: Ponder commits a chain's blocks in order) and, in one database transaction, records their events, the rows
 * it has seen and the new cursor: each indexed change gives its events once. Every row seen in a block that is not
 * final yet is kept, with or without events; if a reorganisation takes one out of the index, its events are taken back
 * by `<type>.reorged` events, and the cursor goes back to the final block so that the rows of the new branch are read
 * as new (they may sort before the rows they replace: ids begin with the block's timestamp). Runs in one replica at a
 * time (a lease), and each chain's pass holds its cursor's row lock besides.
 */
export function createActivityDispatcher(deps: { pool: pg.Pool; indexSchema: string; chainIds: readonly number[]; retryForMs: number }) {
  const { pool, indexSchema } = deps;
  // Once the index has them, it keeps them: the views only ever move to a newer build. Asked of the catalog at every
  // pass (five times a second) it was the costliest statement of an idle pass.
  let changeTables = false;

  /** One chain's pass; true when it read all there was to read (its cursor seeded, less than a batch found). */
  const passOnChain = (chainId: number) =>
    withTransaction(pool, async (client): Promise<boolean> => {
      await giveWayToIndexer(client);
      changeTables ||= await hasChangeTables(client, indexSchema);
      if (!changeTables) return false;
      const progress = await indexProgress(client, indexSchema, chainId);
      if (progress === undefined) return false;
      const locked = await lockCursor(client, chainId);
      let cursor = locked;
      if (cursor === undefined) {
        // The first pass on this chain: what the index holds happened before anyone could subscribe. Once backfilled,
        // everything from there on is new.
        if (await isBuildReady(client, indexSchema)) await saveCursor(client, chainId, await seedSeen(client, indexSchema, chainId, progress.finalized));
        return false;
      }
      const removed = await takeRemovedSeen(client, indexSchema, chainId, progress.latest);
      // The new branch's rows may sort before the cursor: read again from the final block (rows seen are skipped).
      if (removed.length > 0 && progress.finalized < cursor) cursor = progress.finalized;
      const compensations = await compensationsFor(client, removed);
      const rows = await readActivityAfter(client, indexSchema, chainId, cursor, BATCH);
      const built = await eventsFor(client, chainId, rows);
      const stored = await insertWebhookEvents(client, [...compensations, ...built.events], deps.retryForMs);
      await insertSeen(client, chainId, built.seen.map((row) => ({ ...row, eventIds: row.eventIds.filter((id) => stored.has(id)) })));
      const next = rows.at(-1)?.id ?? cursor;
      // Unchanged on a pass that found nothing: no row written, no commit to flush.
      if (next !== locked) await saveCursor(client, chainId, next);
      await forgetFinalSeen(client, chainId, progress.finalized);
      return rows.length < BATCH;
    });

  const eventsFor = async (client: Queryable, chainId: number, rows: readonly ActivityRow[]): Promise<{ events: NewWebhookEvent[]; seen: SeenRow[] }> => {
    const collections = await findOwnedCollections(client, chainId, rows.filter((row) => row.kind === "transfer").map((row) => getAddress(row.contract)));
    const accountCollections = new Map<number, Map<Address, OwnedCollection>>();
    for (const tokenChainId of new Set(rows.filter((row) => row.kind === "account_created").map((row) => Number(row.data.tokenChainId)))) {
      const contracts = rows.filter((row) => row.kind === "account_created" && Number(row.data.tokenChainId) === tokenChainId).map((row) => getAddress(row.contract));
      accountCollections.set(tokenChainId, await findOwnedCollections(client, tokenChainId, contracts));
    }
    const nonceKey = (row: ActivityRow) => ({ contract: getAddress(row.contract), signer: getAddress(row.data.signer!), nonce: row.data.nonce! });
    const permits = await findNoncePermits(client, indexSchema, chainId, rows.filter((row) => row.kind.startsWith("permit")).map(nonceKey));

    const events: NewWebhookEvent[] = [];
    const seen: SeenRow[] = [];
    for (const row of rows) {
      const indexed = { chainId, transactionHash: row.transactionHash, blockNumber: row.blockNumber.toString(), blockHash: row.blockHash, logIndex: row.logIndex };
      const contractAddress = getAddress(row.contract);
      let event: NewWebhookEvent | undefined;
      if (row.kind === "transfer") {
        const owner = collections.get(contractAddress);
        if (owner !== undefined) {
          const raw = BigInt(row.data.amount!);
          const amount = row.data.standard === "erc20" && owner.decimals !== null ? formatAmount(raw, owner.decimals) : raw.toString();
          const tokenId = row.data.tokenId ?? null;
          event = webhookEvent(owner.projectId, "token.transferred", `token:${chainId}:${contractAddress}:${tokenId ?? ""}`, {
            ...indexed,
            contractAddress,
            standard: row.data.standard as TokenTransferredData["standard"],
            fromAddress: getAddress(row.data.from!),
            toAddress: getAddress(row.data.to!),
            tokenId,
            amount,
            amountRaw: raw.toString(),
            ownerSince: row.data.ownerSince === null || row.data.ownerSince === undefined ? null : Number(row.data.ownerSince),
          } satisfies TokenTransferredData);
        }
      } else if (row.kind === "account_created") {
        const owner = accountCollections.get(Number(row.data.tokenChainId))?.get(contractAddress);
        if (owner !== undefined) {
          const accountAddress = getAddress(row.data.account!);
          event = webhookEvent(owner.projectId, "account.created", `account:${chainId}:${accountAddress}`, {
            ...indexed,
            accountAddress,
            implementation: getAddress(row.data.implementation!),
            tokenChainId: Number(row.data.tokenChainId),
            tokenContractAddress: contractAddress,
            tokenId: row.data.tokenId!,
          } satisfies AccountCreatedData);
        }
      } else {
        const key = nonceKey(row);
        const permit = permits.get(`${key.contract} ${key.signer} ${key.nonce}`);
        if (permit !== undefined) {
          event =
            row.kind === "permit_used"
              ? webhookEvent(permit.projectId, "permit.redeemed", `permit:${permit.id}`, {
                  ...indexed,
                  permitId: permit.id,
                  contractAddress,
                  recipientAddress: getAddress(permit.recipient),
                  redeemedBy: getAddress(row.data.sender!),
                  mintedTokenIds: permit.mintedTokenIds,
                  amountRaw: permit.mintedAmount ?? "0",
                } satisfies PermitRedeemedData)
              : webhookEvent(permit.projectId, "permit.revoked", `permit:${permit.id}`, { ...indexed, permitId: permit.id, contractAddress } satisfies PermitRevokedData);
        }
      }
      // A row without an event is seen too: if a reorganisation removes it, the new branch's rows are read.
      if (event !== undefined) events.push(event);
      seen.push({ activityId: row.id, blockHash: row.blockHash, eventIds: event === undefined ? [] : [event.id] });
    }
    return { events, seen };
  };

  return {
    /**
     * One pass over every chain; a chain whose pass fails does not hold up the others. True when every chain read all
     * there was: until the index changes, another pass would find nothing.
     */
    async pass(): Promise<boolean> {
      const failures: unknown[] = [];
      let settled = true;
      for (const chainId of deps.chainIds) {
        // Given way to Ponder reverting a reorganised block: the next pass, 200 ms on, reads what it left.
        const chainSettled = await passOnChain(chainId).catch((error: unknown) => {
          if (!isLockNotAvailable(error)) failures.push(error);
          return false;
        });
        settled &&= chainSettled;
      }
      if (failures.length > 0) throw failures[0];
      return settled;
    },
  };
}

/** `<type>.reorged` events taking back the events of activity rows a reorganisation removed, with the same subjects. */
async function compensationsFor(client: Queryable, removed: readonly SeenRow[]): Promise<NewWebhookEvent[]> {
  const originals = new Map((await findWebhookEvents(client, removed.flatMap((row) => row.eventIds))).map((event) => [event.id, event]));
  return removed.flatMap((row) =>
    row.eventIds.flatMap((id) => {
      const original = originals.get(id);
      // An event the delivery log forgot (older than its retention) cannot be repeated, but is far from any reorganisation.
      if (original === undefined) return [];
      const { data } = JSON.parse(original.body) as { data: object };
      return [webhookEvent(original.projectId, `${original.type}.reorged`, original.subject, { ...data, reorgedEventId: original.id }, { subscription: original.type })];
    }),
  );
}
