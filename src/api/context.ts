import type { Logger } from "../logger.js";
import type { Principal } from "../services/apiTokens.js";

/** What middleware puts on a request's context for the handlers after it. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    principal: Principal;
  };
};
