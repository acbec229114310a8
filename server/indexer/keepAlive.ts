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

/** Node's tracing channel of `net.Server#listen` (Node 22 and later): the server, before it listens. */
const LISTEN_START = "tracing:net.server.listen:asyncStart";

/**
 * Ponder creates the API's HTTP server itself, with Node's defaults and no option to change them: every HTTP server
 * this process listens with from now on keeps idle connections KEEP_ALIVE_MS. Returns the function that stops it.
 */
export function keepConnectionsAlive(): () => void {
  const configure = (message: unknown) => {
    const { server } = message as { server: unknown };
    if (!(server instanceof http.Server)) return;
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // A request's headers may take as long as the connection may idle (Node wants them at least as long).
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  };
  diagnosticsChannel.subscribe(LISTEN_START, configure);
  return () => diagnosticsChannel.unsubscribe(LISTEN_START, configure);
}
