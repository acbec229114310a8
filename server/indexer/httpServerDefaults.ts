import diagnosticsChannel from "node:diagnostics_channel";
import http from "node:http";

/**
 * How long an idle client connection is kept open. Node's default, 5 s, is shorter than what clients and load
 * balancers keep theirs (undici: the server's hint less 1 s; AWS's balancers: 60 s): a client that sends on a
 * connection the moment the server closes it gets a reset and no answer, which it cannot tell from a request cut
 * short. Under load the two clocks drift and that moment comes (a mint of test/lifecycle/shutdown.test.ts got no
 * answer so). Longer than the balancers' 60 s, so they close first.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * How many connections the kernel completes for the server while its event loop is busy elsewhere. Node's default,
 * 511, is less than a burst a client may open at once (undici opens a connection for every concurrent request): the
 * kernel drops the handshakes beyond it, and their clients wait for a retransmitted SYN or give up (undici after 10 s
 * of connecting: 488 of 1,000 concurrent requests to a server stalled 12 s, none with this backlog). Linux caps it at
 * `net.core.somaxconn` (4,096 since 5.4), so this asks for the most it allows.
 */
export const LISTEN_BACKLOG = 65_535;

/** Node's tracing channel of `net.Server#listen` (Node 22 and later): the server and its options, before it listens. */
const LISTEN_START = "tracing:net.server.listen:asyncStart";

/**
 * Ponder creates the API's HTTP server itself, with Node's defaults and no option to change them: every HTTP server
 * this process listens with from now on keeps idle connections KEEP_ALIVE_MS and queues up to LISTEN_BACKLOG
 * connections. Returns the function that stops it.
 */
export function applyHttpServerDefaults(): () => void {
  const configure = (message: unknown) => {
    const { server, options } = message as { server: unknown; options?: { backlog?: number } };
    if (!(server instanceof http.Server)) return;
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // A request's headers may take as long as the connection may idle (Node wants them at least as long).
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    // Node reads the backlog from these options after announcing them (one the caller set in them is kept).
    if (options !== undefined) options.backlog ??= LISTEN_BACKLOG;
  };
  diagnosticsChannel.subscribe(LISTEN_START, configure);
  return () => diagnosticsChannel.unsubscribe(LISTEN_START, configure);
}
