import autocannon from "autocannon";
import { percentile } from "./percentile.js";

export type Measured = { perSecond: number; p50: number; p99: number; failures: number };


export function summarize(latencies: number[], seconds: number, failures: number): Measured {
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

/**
 * `amount` requests from `concurrency` connections, each sending the next as soon as the last is answered. autocannon
 * costs the 2-core machine far less CPU per request than a fetch loop, so more of it is left to the service measured.
 */
export async function httpLoad(options: {
  base: string;
  token: string;
  concurrency: number;
  amount: number;
  method?: "GET" | "POST";
  /** Drawn afresh per request. */
  path: () => string;
  body?: string;
}): Promise<Measured> {
  const latencies: number[] = [];
  const began = performance.now();
  let lastAnswer = began;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.base,
        connections: options.concurrency,
        amount: options.amount,
        timeout: 60,
        headers: { authorization: `Bearer ${options.token}`, ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
        requests: [
          {
            method: options.method ?? "GET",
            ...(options.body === undefined ? {} : { body: options.body }),
            setupRequest: (request) => ({ ...request, path: options.path() }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // autocannon's own histogram has 1 ms resolution and it finishes on a 1 s tick; its response events carry the
    // exact latency and tell when the last answer came.
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      lastAnswer = performance.now();
    });
  });
  return summarize(latencies, (lastAnswer - began) / 1000, result.errors + result.timeouts + result.non2xx);
}
