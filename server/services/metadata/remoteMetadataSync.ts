import { getAddress, type PublicClient } from "viem";
import type pg from "pg";
import { readTokenUri } from "../../chain/tokenUri.js";
import type { RemoteMetadataSettings } from "../../config/env.js";
import type { Logger } from "../../logger.js";
import {
  applyRefreshSignals,
  type ClaimedToken,
  claimDueRemoteTokens,
  discoverRemoteTokens,
  recordRemoteFailed,
  recordRemoteFetched,
} from "../../store/remoteTokenMetadata.js";
import { fetchRemoteMetadata, RemoteMetadataError } from "./remoteMetadataFetch.js";

export type RemoteMetadataSyncDeps = {
  pool: pg.Pool;
  indexSchema: string;
  publicClient(chainId: number): PublicClient | undefined;
  settings: RemoteMetadataSettings;
  logger: Logger;
};

/** Tokens fetched at once in one pass: a hanging server holds one slot until its deadline, never the others. */
const BATCH_SIZE = 16;
const RETRY_MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * One pass of the background job that keeps external contracts' remote metadata: register new tokens, mark the
 * ones the contract said changed, then fetch what is due. Reads serve whatever this left in the table.
 */
export async function syncRemoteMetadata(deps: RemoteMetadataSyncDeps): Promise<void> {
  await discoverRemoteTokens(deps.pool, deps.indexSchema);
  await applyRefreshSignals(deps.pool, deps.indexSchema);
  const leaseMs = deps.settings.timeoutMs + 30_000;
  const due = await claimDueRemoteTokens(deps.pool, deps.indexSchema, BATCH_SIZE, leaseMs);
  await Promise.all(due.map((token) => fetchOne(deps, token)));
}

async function fetchOne(deps: RemoteMetadataSyncDeps, token: ClaimedToken): Promise<void> {
  const client = deps.publicClient(token.chainId);
  const retry = { maxAttempts: deps.settings.maxAttempts, baseDelayMs: deps.settings.retryBaseMs, maxDelayMs: RETRY_MAX_DELAY_MS };
  if (!client) {
    await recordRemoteFailed(deps.pool, token, { uri: null, error: `chain ${token.chainId} is not configured` }, retry);
    return;
  }
  let uri: string;
  try {
    uri = await readTokenUri(client, token.kind, getAddress(token.address), token.tokenId);
  } catch (error) {
    const reason = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
    await recordRemoteFailed(deps.pool, token, { uri: null, error: `reading the token URI failed: ${reason}` }, retry);
    return;
  }
  try {
    const metadata = await fetchRemoteMetadata(uri, deps.settings);
    await recordRemoteFetched(deps.pool, token, uri, metadata);
  } catch (error) {
    if (!(error instanceof RemoteMetadataError)) deps.logger.warn("remote metadata fetch failed unexpectedly", { error, uri });
    await recordRemoteFailed(deps.pool, token, { uri, error: (error as Error).message }, retry);
    deps.logger.debug("remote metadata fetch failed", { chainId: token.chainId, contract: token.address, tokenId: token.tokenId.toString(), error: (error as Error).message });
  }
}
