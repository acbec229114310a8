import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseTransaction, recoverTransactionAddress, type Address, type TransactionSerialized } from "viem";

export type Call = { jsonrpc?: string; id?: unknown; method?: string; params?: unknown[] };

/** A raw transaction offered to the node: who signed it, at which nonce. */
export type OfferedSend = { from: Address; nonce: number };

export type LimitingProxyOptions = {
  /** eth_getLogs over more blocks than this is answered with Alchemy's range error. */
  maxGetLogsBlocks?: number;
  /** More calls than this within any second (each call of a batch counted) are answered HTTP 429. */
  callsPerSecond?: number;
};

export type LimitingProxy = {
  url: string;
  /** Calls forwarded to the node, by method. */
  forwarded: Map<string, number>;
  /** Calls answered HTTP 429 (each call of a refused batch counted), and eth_getLogs calls refused for their range. */
  refused: { rateLimited: number; range: number; all: number };
  /** The widest eth_getLogs range (in blocks) forwarded to the node. */
  widestGetLogs: number;
  /** Every request is answered 429 with Alchemy's words, or (with a predicate) those containing a call it picks. */
  refuse(which: "all" | "none" | ((call: Call) => boolean)): void;
  /**
   * While a message is set, every eth_sendRawTransaction is answered with it as a JSON-RPC error (code -32000), as a
   * node whose pool takes no more ("txpool is full") answers; the other calls of a batch go on to the node. With
   * `which`, only the sends it picks are refused: it sees every send, in the order they arrive, so that a test can
   * script an exact sequence of refusals.
   */
  refuseSends(message: string | undefined, which?: (send: OfferedSend) => boolean): void;
  /** Sends refused by refuseSends: the calls, and the requests (a batch counted once) that carried them. */
  sendsRefused: { calls: number; requests: number };
  /**
   * Runs `hook` with the calls of each request about to go on to the node, and forwards them once it returns: a test
   * can change the chain between two calls of the service (mine a block after it read the head, before it asks a
   * receipt). Undefined removes it.
   */
  beforeForward(hook: ((calls: readonly Call[]) => Promise<void> | void) | undefined): void;
  stop(): Promise<void>;
};

/** Alchemy's answer to a range over its limit, in its own words. */
export function alchemyRangeError(maxBlocks: number, from: bigint): { code: number; message: string } {
  const limit = maxBlocks % 1000 === 0 ? `${maxBlocks / 1000}K` : String(maxBlocks);
  return {
    code: -32600,
    message: `You can make eth_getLogs requests with up to a ${limit} block range and no limit on the response size, or you can make eth_getLogs requests with a 10K block range and a cap of 10,000 logs in the response. Based on your parameters, this block range should work: [0x${from.toString(16)}, 0x${(from + BigInt(maxBlocks) - 1n).toString(16)}]`,
  };
}

const RATE_LIMITED_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: null,
  error: { code: 429, message: "Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message." },
});

async function offeredSend(raw: TransactionSerialized): Promise<OfferedSend> {
  return { from: await recoverTransactionAddress({ serializedTransaction: raw }), nonce: parseTransaction(raw).nonce ?? 0 };
}

/**
 * A JSON-RPC proxy in front of a real node that imposes what hosted providers impose: eth_getLogs ranges over a
 * limit refused with Alchemy's error, a calls-per-second budget over which it answers HTTP 429 (each call of a batch
 * counted, as compute units are), every request refused, or transactions refused as by a full pool. It counts what it
 * forwarded by method.
 */
export async function startLimitingProxy(target: string, options: LimitingProxyOptions = {}): Promise<LimitingProxy> {
  const forwarded = new Map<string, number>();
  const refused = { rateLimited: 0, range: 0, all: 0 };
  let refusing: (call: Call) => boolean = () => false;
  let sendRefusal: { message: string; which: (send: OfferedSend) => boolean } | undefined;
  const sendsRefused = { calls: 0, requests: 0 };
  let widestGetLogs = 0;
  let forwarding: ((calls: readonly Call[]) => Promise<void> | void) | undefined;
  // When each call admitted within the last second was admitted.
  let admitted: number[] = [];

  const overRange = (call: Call): { code: number; message: string } | undefined => {
    if (call.method !== "eth_getLogs" || options.maxGetLogsBlocks === undefined) return undefined;
    const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
    if (!filter.fromBlock?.startsWith("0x") || !filter.toBlock?.startsWith("0x")) return undefined;
    const from = BigInt(filter.fromBlock);
    const blocks = Number(BigInt(filter.toBlock) - from + 1n);
    if (blocks <= options.maxGetLogsBlocks) {
      widestGetLogs = Math.max(widestGetLogs, blocks);
      return undefined;
    }
    return alchemyRangeError(options.maxGetLogsBlocks, from);
  };

  const handle = async (body: string, reply: (status: number, text: string, headers?: Record<string, string>) => void) => {
    const parsed = JSON.parse(body) as Call | Call[];
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    if (calls.some((call) => refusing(call))) {
      refused.all += calls.length;
      reply(429, RATE_LIMITED_BODY, { "retry-after": "1" });
      return;
    }
    if (options.callsPerSecond !== undefined) {
      const now = Date.now();
      admitted = admitted.filter((at) => at > now - 1000);
      if (admitted.length + calls.length > options.callsPerSecond) {
        refused.rateLimited += calls.length;
        reply(429, RATE_LIMITED_BODY);
        return;
      }
      for (const _ of calls) admitted.push(now);
    }
    const answers = new Map<number, unknown>();
    const toNode: Call[] = [];
    const refusal = sendRefusal;
    // Decided in the order the calls come, before anything of the request is answered.
    const refusedSends = new Set<number>();
    for (const [index, call] of calls.entries()) {
      if (refusal === undefined || call.method !== "eth_sendRawTransaction") continue;
      if (refusal.which(await offeredSend(call.params?.[0] as TransactionSerialized))) refusedSends.add(index);
    }
    if (refusedSends.size > 0) sendsRefused.requests++;
    calls.forEach((call, index) => {
      const rangeError = overRange(call);
      if (refusal !== undefined && refusedSends.has(index)) {
        sendsRefused.calls++;
        answers.set(index, { jsonrpc: "2.0", id: call.id, error: { code: -32000, message: refusal.message } });
      } else if (rangeError !== undefined) {
        refused.range++;
        answers.set(index, { jsonrpc: "2.0", id: call.id, error: rangeError });
      } else {
        toNode.push(call);
        forwarded.set(call.method ?? "", (forwarded.get(call.method ?? "") ?? 0) + 1);
      }
    });
    if (toNode.length > 0) {
      await forwarding?.(toNode);
      const response = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(toNode) });
      const results = (await response.json()) as unknown[];
      let next = 0;
      calls.forEach((_, index) => {
        if (!answers.has(index)) answers.set(index, results[next++]);
      });
    }
    const ordered = calls.map((_, index) => answers.get(index));
    reply(200, JSON.stringify(Array.isArray(parsed) ? ordered : ordered[0]));
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      handle(Buffer.concat(chunks).toString(), (status, text, headers = {}) => response.writeHead(status, { "content-type": "application/json", ...headers }).end(text)).catch(
        () => request.socket.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    refused,
    get widestGetLogs() {
      return widestGetLogs;
    },
    refuse(which) {
      refusing = which === "all" ? () => true : which === "none" ? () => false : which;
    },
    refuseSends(message, which = () => true) {
      sendRefusal = message === undefined ? undefined : { message, which };
    },
    sendsRefused,
    beforeForward(hook) {
      forwarding = hook;
    },
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
