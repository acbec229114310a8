import http from "node:http";
import https from "node:https";
import net from "node:net";
import { guardedLookup, specialUseRefusal } from "../metadata/specialUseAddresses.js";

/** How one attempt went: the endpoint's status code, or why there is none. */
export type AttemptResult = { statusCode: number; error?: undefined } | { statusCode: null; error: string };

/** What a receiver may answer is read up to this much, then dropped: only its status code counts. */
const MAX_RESPONSE_BYTES = 64 * 1024;

class RefusedAddressError extends Error {}

/**
 * POSTs webhook deliveries over keep-alive connections (one pool per process, ended by close()). An attempt has one
 * deadline for everything (connecting, sending, the answer's status); a redirect is an answer like any other (not
 * followed). Unless private addresses are allowed, a host that is or resolves to a special-use address is refused
 * when connecting (server/services/metadata/specialUseAddresses.ts).
 */
export type WebhookHttp = {
  post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<AttemptResult>;
  close(): void;
};

export function createWebhookHttp(options: { timeoutMs: number; allowPrivateAddresses: boolean; userAgent: string }): WebhookHttp {
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
  };
  const lookup = options.allowPrivateAddresses ? undefined : guardedLookup((message) => new RefusedAddressError(message));

  return {
    post(target, headers, body, signal) {
      return new Promise<AttemptResult>((resolve) => {
        const url = new URL(target);
        const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
        const refusal = net.isIP(literal) !== 0 && !options.allowPrivateAddresses ? specialUseRefusal(literal) : undefined;
        if (refusal) return resolve({ statusCode: null, error: `${literal} is ${refusal}; refused` });
        const client = url.protocol === "https:" ? https : http;
        let settled = false;
        const settle = (result: AttemptResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          resolve(result);
        };
        const request = client.request(url, {
          method: "POST",
          agent: agents[url.protocol as keyof typeof agents],
          ...(lookup ? { lookup } : {}),
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": options.userAgent, ...headers },
        });
        const fail = (error: string) => {
          request.destroy();
          settle({ statusCode: null, error });
        };
        const timer = setTimeout(() => fail(`no answer within ${options.timeoutMs} ms`), options.timeoutMs);
        const onAbort = () => fail("the service stopped during the attempt");
        signal.addEventListener("abort", onAbort, { once: true });
        request.on("error", (error: NodeJS.ErrnoException) => settle({ statusCode: null, error: error instanceof RefusedAddressError ? error.message : describe(error) }));
        request.on("response", (response) => {
          const statusCode = response.statusCode ?? 0;
          let read = 0;
          response.on("data", (chunk: Buffer) => {
            read += chunk.length;
            // A receiver that streams on and on must not hold the attempt: its status is all that counts.
            if (read > MAX_RESPONSE_BYTES) response.destroy();
          });
          response.on("end", () => settle({ statusCode }));
          response.on("close", () => settle({ statusCode }));
          response.on("error", () => settle({ statusCode }));
        });
        request.end(body);
      });
    },
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}

function describe(error: NodeJS.ErrnoException): string {
  return error.code ? `${error.code}: ${error.message}` : error.message;
}
