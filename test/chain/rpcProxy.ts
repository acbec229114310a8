import http from "node:http";
import type { AddressInfo } from "node:net";

export type Fault = "error-503" | "error-429" | "reset" | "answer-lost" | "delay";

export type RpcProxy = {
  url: string;
  /** How many calls met each fault, and how many went through untouched. */
  stats: Record<Fault | "forwarded" | "blocked", number>;
  /** Share of HTTP requests (0..1) that meet a fault, picked with a seeded generator so runs repeat. */
  setFaultRate(rate: number): void;
  /** Requests containing one of these JSON-RPC methods are answered 503 and never reach the node. */
  block(methods: readonly string[]): void;
  stop(): Promise<void>;
};

/**
 * A JSON-RPC HTTP proxy on 127.0.0.1 that misbehaves the way real providers do: 503 and 429 answers, connections
 * reset before the node sees the call, connections reset after the node acted on it (the answer is lost, the effect
 * is not), and slow answers.
 */
export async function startRpcProxy(target: string, options: { faultRate?: number; seed?: number; delayMs?: [number, number] } = {}): Promise<RpcProxy> {
  let faultRate = options.faultRate ?? 0;
  let blocked = new Set<string>();
  const random = mulberry32(options.seed ?? 1);
  let faultTurn = 0;
  const [minDelay, maxDelay] = options.delayMs ?? [50, 400];
  const stats: RpcProxy["stats"] = { "error-503": 0, "error-429": 0, reset: 0, "answer-lost": 0, delay: 0, forwarded: 0, blocked: 0 };
  const faults: Fault[] = ["error-503", "error-429", "reset", "answer-lost", "delay"];

  const forward = async (body: string) => {
    const response = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
    return { status: response.status, text: await response.text() };
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString();
        if (methodsOf(body).some((method) => blocked.has(method))) {
          stats.blocked++;
          response.writeHead(503).end("blocked");
          return;
        }
        // Which requests fail is random (seeded); the kinds take turns, so every kind shows up even in a short run.
        const fault = random() < faultRate ? faults[faultTurn++ % faults.length]! : undefined;
        if (fault === "error-503" || fault === "error-429") {
          stats[fault]++;
          response.writeHead(fault === "error-503" ? 503 : 429, { "retry-after": "0" }).end("try later");
          return;
        }
        if (fault === "reset") {
          stats.reset++;
          request.socket.destroy();
          return;
        }
        if (fault === "delay") {
          stats.delay++;
          await new Promise((resolve) => setTimeout(resolve, minDelay + random() * (maxDelay - minDelay)));
        }
        const answer = await forward(body);
        if (fault === "answer-lost") {
          stats["answer-lost"]++;
          request.socket.destroy();
          return;
        }
        if (fault === undefined) stats.forwarded++;
        response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.text);
      })().catch(() => request.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    setFaultRate(rate) {
      faultRate = rate;
    },
    block(methods) {
      blocked = new Set(methods);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function methodsOf(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { method?: string } | { method?: string }[];
    return (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method ?? "");
  } catch {
    return [];
  }
}

/** A small seeded generator, so a failing run can be repeated call for call. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
