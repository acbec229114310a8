import http from "node:http";
import type { AddressInfo } from "node:net";

export type CountingRelay = Awaited<ReturnType<typeof startCountingRelay>>;

/**
 * Forwards JSON-RPC to the node after `delayMs`, counting HTTP requests, calls (in all and per method) and the most
 * requests open at once.
 */
export async function startCountingRelay(target: string, delayMs = 0) {
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
        const parsed = JSON.parse(body) as { method: string } | { method: string }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          stats.calls++;
          stats.byMethod[call.method] = (stats.byMethod[call.method] ?? 0) + 1;
        }
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        const forwarded = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
        const text = await forwarded.text();
        stats.inFlight--;
        response.writeHead(forwarded.status, { "content-type": "application/json" }).end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
