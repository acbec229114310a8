import { Hono } from "hono";

/** Ponder requires an API file; the benchmark reads only Ponder's own /ready. */
export default new Hono();
