import type { Logger } from "../logger.js";
import type { Principal } from "../services/apiTokens.js";
import type { StoreDb } from "../store/db.js";

/** What middleware puts on a request's context for the handlers after it. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    principal: Principal;
    store: StoreDb;
  };
};
