import { parseArgs } from "node:util";
import { loadSettings } from "../config/env.js";
import { ConfigError, TokenhubError } from "../errors.js";
import { contractImport } from "./contractCommands.js";
import { masterKeyGenerate, masterKeyRotate } from "./masterKeyCommands.js";
import { startCommand } from "./startCommand.js";
import { type Output, projectCreate, projectList, tokenCreate, tokenList, tokenRevoke } from "./tokenCommands.js";

const USAGE = `tokenhub: self-hosted token service

Usage:
  tokenhub start                                   run the service (database, chain, contracts, indexer, HTTP)
  tokenhub project create <name>                   create a project
  tokenhub project list
  tokenhub token create --project <name> --scopes <s1,s2> [--name <label>] [--expires <30d|ISO date>]
  tokenhub token list [--project <name>]
  tokenhub token revoke <token id>
  tokenhub contract import --project <name> --chain <chain id> --address <0x…>
                                                   claim a contract listed in the chains file for a project
  tokenhub master-key generate <file>              write a new random master key to a new owner-only file
  tokenhub master-key rotate --new-key-file <file> re-wrap every cloud key with that master key

Scopes: read, mint, permit, metadata, media, accounts, keys, admin (admin holds all).
Configuration comes from the environment (see .env.example).`;

/** Parses the command line and runs one command; returns the process exit code. */
export async function runCli(argv: string[], out: Output = (line) => process.stdout.write(`${line}\n`)): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      project: { type: "string" },
      scopes: { type: "string" },
      name: { type: "string" },
      expires: { type: "string" },
      chain: { type: "string" },
      address: { type: "string" },
      "new-key-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [group, action, argument] = positionals;
  if (values.help || group === undefined || group === "help") {
    out(USAGE);
    return group === undefined && !values.help ? 1 : 0;
  }
  try {
    const settings = loadSettings();
    if (group === "start") return await startCommand(settings);
    if (group === "project" && action === "create" && argument) return await done(projectCreate(settings, out, argument));
    if (group === "project" && action === "list") return await done(projectList(settings, out));
    if (group === "token" && action === "create") {
      if (!values.project || !values.scopes) throw new ConfigError("token create needs --project and --scopes.");
      return await done(tokenCreate(settings, out, { project: values.project, scopes: values.scopes, name: values.name, expires: values.expires }));
    }
    if (group === "token" && action === "list") return await done(tokenList(settings, out, { project: values.project }));
    if (group === "token" && action === "revoke" && argument) return await done(tokenRevoke(settings, out, argument));
    if (group === "contract" && action === "import") {
      if (!values.project || !values.chain || !values.address) throw new ConfigError("contract import needs --project, --chain and --address.");
      return await done(contractImport(settings, out, { project: values.project, chain: values.chain, address: values.address }));
    }
    if (group === "master-key" && action === "generate" && argument) {
      masterKeyGenerate(out, argument);
      return 0;
    }
    if (group === "master-key" && action === "rotate") {
      if (!values["new-key-file"]) throw new ConfigError("master-key rotate needs --new-key-file (make one with 'tokenhub master-key generate <file>').");
      return await done(masterKeyRotate(settings, out, values["new-key-file"]));
    }
    out(USAGE);
    return 1;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof TokenhubError) {
      process.stderr.write(`tokenhub: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`tokenhub: ${(error as Error).message}\n`);
    if (process.env.TOKENHUB_LOG_LEVEL === "debug") process.stderr.write(`${(error as Error).stack}\n`);
    return 1;
  }
}

async function done(work: Promise<void>): Promise<number> {
  await work;
  return 0;
}
