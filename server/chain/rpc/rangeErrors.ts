import { type Hex, hexToBigInt, numberToHex } from "viem";

/**
 * What a provider's refusal of an eth_getLogs range says: the most blocks it takes, where it says so; undefined
 * when it only says the range (or the result) is too large, and halving is the way down.
 */
export type RangeRefusal = { maxBlocks: number | undefined };

type Wording = { provider: string; pattern: RegExp; maxBlocks: (match: RegExpMatchArray) => number | undefined };

/** "2K", "10,000", "1.5k": how providers write a block count. */
function blockCount(text: string, unit: string | undefined = ""): number {
  const value = Number(text.replace(/,/g, ""));
  return Math.floor(value * ({ k: 1_000, m: 1_000_000 }[unit.toLowerCase()] ?? 1));
}

/** An inclusive range the provider suggests, [from, to]: its number of blocks. */
function suggestedSpan(from: string, to: string, radix: 10 | 16): number {
  return Number.parseInt(to, radix) - Number.parseInt(from, radix) + 1;
}

/**
 * The wordings of the providers' range errors, as their answers show them (Ponder's own list in
 * @ponder/utils getLogsRetryHelper misses Alchemy's "2K"); the first that matches decides. Tested one by one in
 * test/chain/providerLimits.test.ts.
 */
const WORDINGS: Wording[] = [
  // Alchemy: "You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or ...
  // Based on your parameters, this block range should work: [0x0, 0xd043b8]"; on the free tier "up to a 500 block range".
  { provider: "Alchemy", pattern: /up to a ([\d,.]+)\s*([km]?) block range/i, maxBlocks: (match) => blockCount(match[1]!, match[2]) },
  { provider: "Alchemy", pattern: /this block range should work: \[0x([0-9a-f]+),\s*0x([0-9a-f]+)\]/i, maxBlocks: (match) => suggestedSpan(match[1]!, match[2]!, 16) },
  // Infura: "query returned more than 10000 results. Try with this block range [0xBDE5F8, 0x102DBCC]." (-32005).
  { provider: "Infura", pattern: /try with this block range \[0x([0-9a-f]+),\s*0x([0-9a-f]+)\]/i, maxBlocks: (match) => suggestedSpan(match[1]!, match[2]!, 16) },
  { provider: "Infura", pattern: /query returned more than \d+ results/i, maxBlocks: () => undefined },
  // Infura's live block-range limit: "range 1000000 exceeds limit of 10000" (-32602).
  { provider: "Infura", pattern: /range \d+ exceeds limit of (\d+)/i, maxBlocks: (match) => blockCount(match[1]!) },
  // QuickNode, BlastAPI, 1RPC: "eth_getLogs is limited to a 10,000 range" (-32614, HTTP 413), "... limited to a
  // 10,000 blocks range"; BlockPI: "limited to 1,024 block".
  { provider: "QuickNode", pattern: /limited to an? ([\d,]+) (?:blocks? )?range/i, maxBlocks: (match) => blockCount(match[1]!) },
  { provider: "BlockPI", pattern: /limited to ([\d,]+) block/i, maxBlocks: (match) => blockCount(match[1]!) },
  // BlastAPI paid plans: "exceeds the range allowed for your plan (5000 > 500)".
  { provider: "BlastAPI", pattern: /exceeds the range allowed for your plan \(\d+ > (\d+)\)/i, maxBlocks: (match) => blockCount(match[1]!) },
  // LlamaNodes and reth-based nodes: "query exceeds max results 20000, retry with the range 24383075-24383096".
  { provider: "LlamaNodes", pattern: /retry with the range (\d+)-(\d+)/i, maxBlocks: (match) => suggestedSpan(match[1]!, match[2]!, 10) },
  { provider: "LlamaNodes", pattern: /query exceeds max results/i, maxBlocks: () => undefined },
  // Ankr: "block range is too wide" (-32600); Moonbeam: "block range is too wide (maximum 1024)".
  { provider: "Moonbeam", pattern: /block range is too wide \(maximum (\d+)\)/i, maxBlocks: (match) => blockCount(match[1]!) },
  { provider: "Ankr", pattern: /block range is too wide/i, maxBlocks: () => undefined },
  // Chainstack: "Block range limit exceeded."
  { provider: "Chainstack", pattern: /block range limit exceeded/i, maxBlocks: () => undefined },
  // Cloudflare: "Max range: 3500"; Coinbase (Base): "please limit the query to at most 1000 blocks".
  { provider: "Cloudflare", pattern: /max range: (\d+)/i, maxBlocks: (match) => blockCount(match[1]!) },
  { provider: "Coinbase", pattern: /limit the query to at most ([\d,]+) blocks/i, maxBlocks: (match) => blockCount(match[1]!) },
  // PublicNode: "maximum block range: 50000"; Avalanche: "requested too many blocks from 0 to 5000, maximum is set to 2048".
  { provider: "PublicNode", pattern: /maximum block range: ([\d,]+)/i, maxBlocks: (match) => blockCount(match[1]!) },
  { provider: "Avalanche", pattern: /maximum is set to (\d+)/i, maxBlocks: (match) => blockCount(match[1]!) },
  // thirdweb: "Maximum allowed number of requested blocks is 1000"; dRPC: "ranges over 10000 blocks are not supported on freetier".
  { provider: "thirdweb", pattern: /maximum allowed number of requested blocks is (\d+)/i, maxBlocks: (match) => blockCount(match[1]!) },
  { provider: "dRPC", pattern: /ranges over (\d+) blocks are not supported/i, maxBlocks: (match) => blockCount(match[1]!) },
  // Geth-derived nodes (Morph, Scroll, zkEVM): "block range is larger than max block range, block range = 5120, max block range = 5000".
  { provider: "geth-derived", pattern: /max block range = (\d+)/i, maxBlocks: (match) => blockCount(match[1]!) },
  // No provider's words but viem's own: an answer over its http transport's size limit (10 MiB), which a range of full
  // blocks reaches on any chain (26 blocks of 500 mints each, bench/backfill); Ponder asked the same range again forever.
  { provider: "viem", pattern: /HTTP response body exceeded the size limit/i, maxBlocks: () => undefined },
  // Those that say only that it is too much: Optimism, Base, Monad, Arbitrum, Scroll, Candle, Alchemy's response size.
  {
    provider: "various",
    pattern: /block range (?:is )?(?:too large|too high|too big|bigger than|larger than|greater than)|log response size exceeded|backend response too large|logs matched by query exceeds limit/i,
    maxBlocks: () => undefined,
  },
];

/** The provider's words in an error: each message, detail and body along the error's causes, not the request sent. */
export function errorWords(error: unknown): string {
  const words: string[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    if (typeof current !== "object") {
      words.push(String(current));
      break;
    }
    const fields = current as { shortMessage?: unknown; details?: unknown; message?: unknown; cause?: unknown };
    for (const field of [fields.shortMessage, fields.details, fields.shortMessage === undefined ? fields.message : undefined]) {
      if (typeof field === "string" && field.length > 0) words.push(field);
    }
    current = fields.cause;
  }
  return words.join(" | ");
}

/** Whether the error refuses an eth_getLogs range (or its result size), and how far to go down. */
export function rangeRefusalOf(error: unknown): RangeRefusal | undefined {
  const words = errorWords(error);
  for (const wording of WORDINGS) {
    const match = words.match(wording.pattern);
    if (match === null) continue;
    const maxBlocks = wording.maxBlocks(match);
    return { maxBlocks: maxBlocks !== undefined && maxBlocks > 0 ? maxBlocks : undefined };
  }
  return undefined;
}

/** Whose wording the error matches: each wording is tested as its provider's (test/chain/providerLimits.test.ts). */
export function providerOf(error: unknown): string | undefined {
  const words = errorWords(error);
  return WORDINGS.find((wording) => wording.pattern.test(words))?.provider;
}

/**
 * The ranges to ask instead of [from, to]: pieces of at most maxBlocks, or two halves. Undefined when the range
 * cannot be made smaller (one block, or a tag such as "latest" at either end).
 */
export function splitRange(from: unknown, to: unknown, refusal: RangeRefusal): { fromBlock: Hex; toBlock: Hex }[] | undefined {
  if (typeof from !== "string" || typeof to !== "string" || !from.startsWith("0x") || !to.startsWith("0x")) return undefined;
  const start = hexToBigInt(from as Hex);
  const end = hexToBigInt(to as Hex);
  const blocks = end - start + 1n;
  if (blocks <= 1n) return undefined;
  const half = (blocks + 1n) / 2n;
  const piece = refusal.maxBlocks !== undefined && BigInt(refusal.maxBlocks) < blocks ? BigInt(refusal.maxBlocks) : half;
  const ranges: { fromBlock: Hex; toBlock: Hex }[] = [];
  for (let first = start; first <= end; first += piece) {
    const last = first + piece - 1n < end ? first + piece - 1n : end;
    ranges.push({ fromBlock: numberToHex(first), toBlock: numberToHex(last) });
  }
  return ranges;
}
