import { Hono } from "hono";
import { client, graphql } from "ponder";
import { db } from "ponder:api";
import * as schema from "../../ponder.schema.js";
import { applyHttpServerDefaults } from "../../../../../server/indexer/httpServerDefaults.js";
import { divertOperatorRoutes, OPERATOR_ROUTE } from "../../../../../server/indexer/operatorRoutes.js";
import { ponderDatabase, ponderMetrics, type PonderQueryBuilder } from "../../../../../server/indexer/ponderInternals.js";
import { ponderRegistry, STOP_EVENTS } from "../../../../../server/indexer/ponderRuntime.js";

/**
 * Probes of the Ponder process for test/indexer/ponderContract.test.ts: what it had installed when it loaded this
 * file, its globals, and tokenhub's diversion of its operator routes, switched on and off.
 */

// As server/composeApi.ts does, at load: before Ponder creates its server and listens.
applyHttpServerDefaults();

/** The handlers of each stop event the process had when Ponder loaded this file. */
const listenersAtLoad = Object.fromEntries(STOP_EVENTS.map((event) => [event, process.listenerCount(event)]));

let stopDiverting: (() => void) | undefined;
/** While recording: the labels of the queries run on the read-only query builder ("unlabelled", or "raw" for its drizzle). */
let recorded: string[] | undefined;
let original: PonderQueryBuilder | undefined;

const app = new Hono()
  .get("/probe/listeners", (c) => c.json(listenersAtLoad))
  .post("/probe/divert", (c) => {
    stopDiverting ??= divertOperatorRoutes({ except: [] });
    return c.text("on");
  })
  .delete("/probe/divert", (c) => {
    stopDiverting?.();
    stopDiverting = undefined;
    return c.text("off");
  })
  .get(`${OPERATOR_ROUTE}/:name`, (c) => c.text(`diverted:${c.req.param("name")}`))
  .get("/probe/metrics", async (c) => {
    const metrics = ponderMetrics();
    return c.json({ found: metrics !== undefined, text: metrics === undefined ? "" : await metrics.getMetrics(), sameRegistry: ponderRegistry() === metrics?.registry });
  })
  .post("/probe/record", (c) => {
    const database = ponderDatabase();
    if (database?.readonlyQB === undefined) return c.json({ found: false });
    original ??= database.readonlyQB;
    const ponder = original;
    recorded = [];
    database.readonlyQB = {
      get raw() {
        recorded?.push("raw");
        return ponder.raw;
      },
      wrap: (optionsOrQuery, query) => {
        recorded?.push(typeof optionsOrQuery === "function" ? "unlabelled" : (optionsOrQuery.label ?? "unlabelled"));
        return ponder.wrap(optionsOrQuery, query);
      },
    };
    return c.json({ found: true });
  })
  .delete("/probe/record", (c) => {
    const database = ponderDatabase();
    if (database !== undefined && original !== undefined) database.readonlyQB = original;
    const labels = recorded ?? [];
    recorded = undefined;
    return c.json({ labels });
  });

app.use("/graphql", graphql({ db, schema }));
app.use("/sql/*", client({ db, schema }));

export default app;
