import http from "node:http";
import https from "node:https";
import net from "node:net";
import { guardedLookup, specialUseRefusal } from "./specialUseAddresses.js";

/**
 * Fetching what an external contract's `tokenURI` / `uri` points to. The URI is chosen by whoever controls that
 * contract, so everything is bounded: one deadline for the whole fetch (redirects and body included), a byte limit
 * enforced while streaming, a redirect limit, and by default no connection to a special-use address (private, loopback, reserved...) (a
 * metadata URI must not reach the cloud metadata service or the database next door).
 */
export type RemoteFetchLimits = {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Base URL `ipfs://<cid>/<path>` is rewritten onto, ending in `/`. */
  ipfsGateway: string;
  allowPrivateAddresses: boolean;
};

/** A fetch that failed for a reason worth showing in the token's metadata status. */
export class RemoteMetadataError extends Error {}

/** The JSON object a URI holds, or a RemoteMetadataError saying why not. */
export async function fetchRemoteMetadata(uri: string, limits: RemoteFetchLimits): Promise<Record<string, unknown>> {
  const trimmed = uri.trim();
  if (trimmed === "") throw new RemoteMetadataError("the contract returned an empty URI");
  if (/^data:/i.test(trimmed)) return parseMetadataJson(decodeDataUri(trimmed, limits.maxBytes));
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let url = toHttpUrl(trimmed, limits.ipfsGateway);
  for (let redirects = 0; ; redirects += 1) {
    const response = await request(url, limits, deadline);
    if (response.kind === "body") return parseMetadataJson(response.body);
    if (redirects >= limits.maxRedirects) throw new RemoteMetadataError(`more than ${limits.maxRedirects} redirects (last to ${response.location})`);
    url = new URL(response.location, url);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new RemoteMetadataError(`redirect to an unsupported scheme: ${url.protocol}`);
  }
}

function toHttpUrl(uri: string, ipfsGateway: string): URL {
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(uri);
  if (ipfs) return new URL(ipfs[1]!, ipfsGateway);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new RemoteMetadataError(`not a URI: ${uri.slice(0, 200)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RemoteMetadataError(`unsupported URI scheme: ${url.protocol}`);
  return url;
}

function decodeDataUri(uri: string, maxBytes: number): string {
  const comma = uri.indexOf(",");
  if (comma < 0) throw new RemoteMetadataError("malformed data: URI (no comma)");
  const header = uri.slice(5, comma).toLowerCase();
  const payload = uri.slice(comma + 1);
  const mediaType = header.split(";")[0]!;
  if (mediaType !== "" && mediaType !== "application/json" && mediaType !== "text/plain") {
    throw new RemoteMetadataError(`data: URI of type ${mediaType}, not JSON`);
  }
  let bytes: Buffer;
  try {
    bytes = header.split(";").includes("base64") ? Buffer.from(payload, "base64") : Buffer.from(decodeURIComponent(payload), "utf8");
  } catch {
    throw new RemoteMetadataError("malformed data: URI (bad percent-encoding)");
  }
  if (bytes.length > maxBytes) throw new RemoteMetadataError(`larger than ${maxBytes} bytes`);
  return bytes.toString("utf8");
}

function parseMetadataJson(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RemoteMetadataError("not valid JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new RemoteMetadataError("not a JSON object");
  return parsed as Record<string, unknown>;
}

type Outcome = { kind: "body"; body: string } | { kind: "redirect"; location: string };

function request(url: URL, limits: RemoteFetchLimits, deadline: AbortSignal): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    if (deadline.aborted) return reject(new RemoteMetadataError(`timed out after ${limits.timeoutMs} ms`));
    // Node connects to an IP literal without calling `lookup`, so those are checked here.
    const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const literalRefusal = net.isIP(literal) !== 0 && !limits.allowPrivateAddresses ? specialUseRefusal(literal) : undefined;
    if (literalRefusal) return reject(new RemoteMetadataError(`${literal} is ${literalRefusal}; refused`));
    const lookup = limits.allowPrivateAddresses ? undefined : guardedLookup((message) => new RemoteMetadataError(message));
    const client = url.protocol === "https:" ? https : http;
    const outgoing = client.get(url, { ...(lookup ? { lookup } : {}), headers: { accept: "application/json, */*;q=0.5", "user-agent": "tokenhub-metadata" } });
    const fail = (error: unknown) => {
      outgoing.destroy();
      reject(error instanceof RemoteMetadataError ? error : new RemoteMetadataError(describeNetworkError(error)));
    };
    const onAbort = () => fail(new RemoteMetadataError(`timed out after ${limits.timeoutMs} ms`));
    deadline.addEventListener("abort", onAbort, { once: true });
    const settle = () => deadline.removeEventListener("abort", onAbort);
    outgoing.on("error", (error) => {
      settle();
      fail(error);
    });
    outgoing.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        settle();
        response.resume();
        outgoing.destroy();
        return resolve({ kind: "redirect", location: response.headers.location });
      }
      if (status < 200 || status >= 300) {
        settle();
        return fail(new RemoteMetadataError(`HTTP ${status} from ${url.host}`));
      }
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        settle();
        return fail(new RemoteMetadataError(`larger than ${limits.maxBytes} bytes (Content-Length ${declared})`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          settle();
          fail(new RemoteMetadataError(`larger than ${limits.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => {
        settle();
        resolve({ kind: "body", body: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", (error) => {
        settle();
        fail(error);
      });
    });
  });
}

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? String(error);
  return code ? `${code}: ${message}` : message;
}
