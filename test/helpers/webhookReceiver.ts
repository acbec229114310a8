import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: Record<string, string>; body: string; event: { id: string; type: string; timestamp: string; data: any }; at: number };

export type WebhookReceiver = {
  url: string;
  /** Every request received, in arrival order (retries included). */
  received: ReceivedWebhook[];
  /** Decides the status answered to each request (200 by default); `index` counts this receiver's requests from 0. */
  answer(status: (request: ReceivedWebhook, index: number) => number): void;
  close(): Promise<void>;
};

/** The event a body carries; a body that is not JSON is kept as null, for the test's comparison to show it. */
function parsedEvent(body: string): ReceivedWebhook["event"] {
  try {
    return JSON.parse(body);
  } catch {
    return null as unknown as ReceivedWebhook["event"];
  }
}

/** A real local HTTP server that records what webhooks POST to it: the tests' endpoint. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status: (request: ReceivedWebhook, index: number) => number = () => 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      // A sender that gave up mid-request (its attempt's deadline, or its stop) delivered nothing: a receiver drops it.
      if (!request.complete) return;
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const entry = { headers, body, event: parsedEvent(body), at: Date.now() };
      const index = received.length;
      received.push(entry);
      response.writeHead(status(entry, index), { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
