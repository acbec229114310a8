import fs from "node:fs";
import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { didYouMean } from "../config/nearestName.js";
import { ConfigError } from "../errors.js";

export const LOCAL_CHAIN_ID = 31337;

const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), "not an EVM address")
  .transform((value) => getAddress(value));

// Strict objects: a misspelt key (rpcURL for rpcUrl) is an error, not a setting silently left at its default.
const externalContractSchema = z.strictObject({
  address,
  kind: z.enum(["erc20", "erc721", "erc1155"]),
  startBlock: z.number().int().min(0).optional(),
});

const chainSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, "letters, digits and _ (it names the chain in GraphQL and logs)"),
  rpcUrl: z.union([z.url(), z.array(z.url()).min(1)]).optional(),
  wsUrl: z.url().optional(),
  explorerUrl: z.url().optional(),
  /** Absent: the block `tokenhub contract deploy` recorded for the chain's factory, else 0. */
  startBlock: z.number().int().min(0).optional(),
  pollingIntervalMs: z.number().int().min(100).optional(),
  /**
   * When a transaction the service sent counts as final: "finalized" (the RPC's `finalized` block tag) or a number of
   * confirmations. Absent: the tag where the RPC serves it, else 64 confirmations; 0 on the local chain.
   */
  finality: z.union([z.literal("finalized"), z.number().int().min(0)]).optional(),
  contracts: z.array(externalContractSchema).default([]),
  /** The most blocks one eth_getLogs asks for (the indexer's history and live sync). */
  getLogsBlockRange: z.number().int().positive().optional(),
  /** JSON-RPC calls a second the provider allows, each call of a batch counted: the indexer and the service share it. */
  requestsPerSecond: z.number().positive().optional(),
  /** The most calls in one JSON-RPC batch. */
  batchSize: z.number().int().positive().optional(),
});

const chainsFileSchema = z.strictObject({ chains: z.array(chainSchema).min(1) }).superRefine((file, ctx) => {
  const ids = new Set<number>();
  const names = new Set<string>();
  for (const [index, chain] of file.chains.entries()) {
    if (ids.has(chain.id)) ctx.addIssue({ code: "custom", path: ["chains", index, "id"], message: "duplicate chain id" });
    if (names.has(chain.name)) ctx.addIssue({ code: "custom", path: ["chains", index, "name"], message: "duplicate name" });
    ids.add(chain.id);
    names.add(chain.name);
  }
  const local = file.chains.filter((chain) => chain.rpcUrl === undefined);
  if (local.length > 1) ctx.addIssue({ code: "custom", path: ["chains"], message: "at most one chain may omit rpcUrl (the local anvil chain)" });
});

/**
 * A chain's provider limits as the service applies them. Absent on the local chain (its own anvil limits nothing);
 * on a remote chain each unset key takes a default that the common hosted providers accept (Infura's and QuickNode's
 * 10,000 blocks, Alchemy's 2,000; where a plan allows fewer, its range error splits the request: rpc/rangeErrors.ts).
 */
export type RpcLimits = { getLogsBlockRange: number; requestsPerSecond: number; batchSize: number };

export const DEFAULT_RPC_LIMITS: RpcLimits = { getLogsBlockRange: 1_000, requestsPerSecond: 25, batchSize: 10 };

/**
 * A node on this machine (loopback) is the operator's own and limits nothing: the keys the file leaves unset are as
 * good as unbounded there (a hosted plan's defaults would only slow it down), while its calls still go through the
 * budget's transport, so a node that fails is turned away like any other.
 */
const OWN_NODE_LIMITS: RpcLimits = { getLogsBlockRange: 10_000, requestsPerSecond: 1_000_000, batchSize: 1_000 };

function isOwnNode(chain: ChainConfig): boolean {
  const urls = chain.rpcUrl === undefined ? [] : Array.isArray(chain.rpcUrl) ? chain.rpcUrl : [chain.rpcUrl];
  return urls.every((url) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname));
}

export function rpcLimitsOf(chain: ChainConfig): RpcLimits | undefined {
  if (chain.rpcUrl === undefined) return undefined;
  const defaults = isOwnNode(chain) ? OWN_NODE_LIMITS : DEFAULT_RPC_LIMITS;
  return {
    getLogsBlockRange: chain.getLogsBlockRange ?? defaults.getLogsBlockRange,
    requestsPerSecond: chain.requestsPerSecond ?? defaults.requestsPerSecond,
    batchSize: chain.batchSize ?? defaults.batchSize,
  };
}

export type ExternalContractConfig = z.infer<typeof externalContractSchema>;
export type ChainConfig = z.infer<typeof chainSchema>;

/** With no chains file, the service runs one local anvil chain. */
export const DEFAULT_CHAINS: ChainConfig[] = [
  { id: LOCAL_CHAIN_ID, name: "local", startBlock: 0, contracts: [] },
];

export function loadChainsConfig(file: string | undefined): ChainConfig[] {
  if (file === undefined) return DEFAULT_CHAINS;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new ConfigError(`Cannot read the chains file ${file}: ${(error as Error).message}`);
  }
  const parsed = chainsFileSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`Invalid chains file ${file}: ${describeProblems(parsed.error.issues).join("; ")}`);
  return parsed.data.chains;
}

/** The keys an object at this path may have: the file's top level, a chain, or an external contract. */
function knownKeysAt(path: PropertyKey[]): string[] {
  if (path.length === 0) return Object.keys(chainsFileSchema.shape);
  if (path.length === 2) return Object.keys(chainSchema.shape);
  return Object.keys(externalContractSchema.shape);
}

/** `chains[0].rpcURL`: the JSON path as a person writes it. */
function jsonPath(path: PropertyKey[]): string {
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`)).join("");
}

/**
 * One sentence per problem, each naming its JSON path; an unknown key also names the known key it most likely meant.
 * Problems that follow from a misspelt key (a chain without rpcUrl counted as the local one) are left out.
 */
function describeProblems(issues: z.core.$ZodIssue[]): string[] {
  const unknownKeys = issues.filter((issue) => issue.code === "unrecognized_keys");
  const problems = unknownKeys.flatMap((issue) =>
    issue.keys.map((key) => `${jsonPath([...issue.path, key])}: unknown key${didYouMean(key, knownKeysAt(issue.path))}`),
  );
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys" || (unknownKeys.length > 0 && issue.code === "custom" && issue.path.length === 1)) continue;
    problems.push(`${jsonPath(issue.path) || "(top level)"}: ${issue.message}`);
  }
  return problems;
}
