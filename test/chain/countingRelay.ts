import http from "node:http";
import type { AddressInfo } from "node:net";

export type CountingRelay = Awaited<ReturnType<typeof startCountingRelay>>;

type RpcCall = { id: number; method: string; params?: unknown[] };

/**
 * Forwards JSON-RPC to the node after `delay` (milliseconds, or once a promise settles), counting HTTP requests, calls (in all and per method) and the most
 * requests open at once. Methods in `missing` (or calls it picks) are answered as a node that does not serve them
 * would (-32601).
 */
export async function startCountingRelay(target: string, delay: number | Promise<unknown> = 0, missing: readonly string[] | ((call: RpcCall) => boolean) = []) {
  const isMissing = typeof missing === "function" ? missing : (call: RpcCall) => missing.includes(call.method);
  const stats = { requests: 0, calls: 0, inFlight: 0, maxInFlight: 0, byMethod: {} as Record<string, number> };
  const server = http.createServer((request, response) => {
    stats.requests++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString();
        const parsed = JSON.parse(body) as RpcCall | RpcCall[];
        const calls = Array.isArray(parsed) ? parsed : [parsed];
        for (const call of calls) {
          stats.calls++;
          stats.byMethod[call.method] = (stats.byMethod[call.method] ?? 0) + 1;
        }
        await (typeof delay === "number" ? new Promise((resolve) => setTimeout(resolve, delay)) : delay);
        const served = calls.filter((call) => !isMissing(call));
        const answers = new Map<number, unknown>(
          calls
            .filter(isMissing)
            .map((call) => [call.id, { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "Method not found" } }]),
        );
        if (served.length > 0) {
          const forwarded = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(served) });
          for (const answer of (await forwarded.json()) as { id: number }[]) answers.set(answer.id, answer);
        }
        const ordered = calls.map((call) => answers.get(call.id));
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(Array.isArray(parsed) ? ordered : ordered[0]));
      })()
        // The node failing to answer is a transport failure for the client, which it retries; never a silent hang.
        .catch(() => response.writeHead(502).end())
        .finally(() => stats.inFlight--);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    // close() alone waits for keep-alive connections to go idle, which a pipeline still polling through the relay
    // never lets happen.
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
