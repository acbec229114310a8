import { ponder } from "ponder:registry";
import { metadataSignal } from "ponder:schema";
import { recordPermitNonce } from "./permits.js";

/**
 * Events every collection kind emits (metadata refresh signals, permit nonces), registered once for our factory's
 * children and once for external contracts so each log is stored exactly once.
 */
type SignalEvent = {
  id: string;
  log: { address: `0x${string}` };
  block: { number: bigint; timestamp: bigint };
  transaction: { hash: `0x${string}` };
};

async function recordSignal(context: any, event: SignalEvent, kind: string, fromTokenId: bigint | null, toTokenId: bigint | null) {
  await context.db.insert(metadataSignal).values({
    id: event.id,
    chainId: context.chain.id,
    contract: event.log.address,
    kind,
    fromTokenId,
    toTokenId,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
    transactionHash: event.transaction.hash,
  });
}

for (const source of ["CollectionSignals", "ExternalSignals"] as const) {
  ponder.on(`${source}:MetadataUpdate`, async ({ event, context }) => {
    await recordSignal(context, event, "token", event.args._tokenId, event.args._tokenId);
  });
  ponder.on(`${source}:BatchMetadataUpdate`, async ({ event, context }) => {
    await recordSignal(context, event, "batch", event.args._fromTokenId, event.args._toTokenId);
  });
  ponder.on(`${source}:URI`, async ({ event, context }) => {
    await recordSignal(context, event, "uri", event.args.id, event.args.id);
  });
  ponder.on(`${source}:ContractURIUpdated`, async ({ event, context }) => {
    await recordSignal(context, event, "contract", null, null);
  });
  ponder.on(`${source}:PermitUsed`, async ({ event, context }) => {
    await recordPermitNonce(context, event, "used");
  });
  ponder.on(`${source}:NonceInvalidated`, async ({ event, context }) => {
    await recordPermitNonce(context, event, "invalidated");
  });
}
