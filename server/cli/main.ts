import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import type { Settings } from "../config/env.js";
import { didYouMean } from "../config/nearestName.js";
import type { Role } from "../config/runtime.js";
import { ConfigError, TokenhubError } from "../errors.js";
import type { Output } from "./tokenCommands.js";

// Each command's code is imported when the command runs, with the packages it needs (viem, drizzle, pg, zod, the
// supervisor): `tokenhub --help`, a command's --help and a mistyped command load none of them. bin/bundles.mjs builds
// each of these imports into a chunk of its own.
const tokenCommands = () => import("./tokenCommands.js");
const webhookCommands = () => import("./webhookCommands.js");
const contractCommands = () => import("./contractCommands.js");
const masterKeyCommands = () => import("./masterKeyCommands.js");

type Options = {
  role?: string;
  project?: string;
  scopes?: string;
  name?: string;
  expires?: string;
  chain?: string;
  address?: string;
  "new-key-file"?: string;
  url?: string;
  events?: string;
  description?: string;
  status?: string;
  type?: string;
  event?: string;
};

/** One command: how it is written, what it does, and how it runs. */
type Command = {
  words: string[];
  synopsis: string;
  summary: string;
  /** Shown by `tokenhub <command> --help` under the synopsis; a function when it needs a module only that help reads. */
  details?: string | (() => Promise<string>);
  run(settings: () => Settings, out: Output, options: Options, argument: string | undefined): Promise<number>;
};

const COMMANDS: Command[] = [
  {
    words: ["start"],
    synopsis: "tokenhub start [--role indexer|api]",
    summary: "run the service (database, chain, contracts, indexer, HTTP)",
    details:
      "Runs in the foreground until Ctrl-C, SIGTERM or SIGHUP, then stops in order: requests in flight finish first.\nConfiguration: the environment (.env.example lists every variable) and TOKENHUB_CHAINS_FILE.\n--role indexer: the indexer alone (its HTTP answers /health, /ready, /status); --role api: an API replica (the API,\ntransactions and background jobs) beside it, as many as you like. Both need DATABASE_URL (docs/deploy.md).",
    run: async (settings, _out, options) => {
      const configured = settings();
      const role = startRole(options.role, (await import("../config/runtime.js")).ROLES);
      return (await import("./startCommand.js")).startCommand(configured, role);
    },
  },
  {
    words: ["project", "create"],
    synopsis: "tokenhub project create <name>",
    summary: "create a project",
    run: async (settings, out, _options, name) => done((await tokenCommands()).projectCreate(settings(), out, required(name, "project create needs a name."))),
  },
  { words: ["project", "list"], synopsis: "tokenhub project list", summary: "list the projects", run: async (settings, out) => done((await tokenCommands()).projectList(settings(), out)) },
  {
    words: ["token", "create"],
    synopsis: "tokenhub token create --project <name> --scopes <s1,s2> [--name <label>] [--expires <30d|ISO date>]",
    summary: "create an API token (shown once)",
    details: "Scopes: read, mint, permit, metadata, media, accounts, keys, webhooks, admin (admin holds all).",
    run: async (settings, out, options) => {
      if (!options.project || !options.scopes) throw new ConfigError("token create needs --project and --scopes.");
      return done((await tokenCommands()).tokenCreate(settings(), out, { project: options.project, scopes: options.scopes, name: options.name, expires: options.expires }));
    },
  },
  {
    words: ["token", "list"],
    synopsis: "tokenhub token list [--project <name>]",
    summary: "list API tokens",
    run: async (settings, out, options) => done((await tokenCommands()).tokenList(settings(), out, { project: options.project })),
  },
  {
    words: ["token", "revoke"],
    synopsis: "tokenhub token revoke <token id>",
    summary: "revoke an API token",
    run: async (settings, out, _options, id) => done((await tokenCommands()).tokenRevoke(settings(), out, required(id, "token revoke needs the token's id (tokenhub token list)."))),
  },
  {
    words: ["contract", "deploy"],
    synopsis: "tokenhub contract deploy --chain <chain id>",
    summary: "deploy the core contracts to a chain of the chains file",
    details:
      "Deploys the contracts it lacks at their deterministic addresses (through the CREATE2 deployer), signed by the chain's first\nservice signer once its balance covers the estimated cost, and records the factory's deployment block: a chain without\nstartBlock is indexed from there. Safe to run again: it sends nothing once they are deployed. docs/testnet.md.",
    run: async (settings, out, options) => {
      if (!options.chain) throw new ConfigError("contract deploy needs --chain (a chain id of the chains file).");
      return done((await contractCommands()).contractDeploy(settings(), out, { chain: options.chain }));
    },
  },
  {
    words: ["contract", "import"],
    synopsis: "tokenhub contract import --project <name> --chain <chain id> --address <0x…>",
    summary: "claim a contract listed in the chains file for a project",
    run: async (settings, out, options) => {
      if (!options.project || !options.chain || !options.address) throw new ConfigError("contract import needs --project, --chain and --address.");
      return done((await contractCommands()).contractImport(settings(), out, { project: options.project, chain: options.chain, address: options.address }));
    },
  },
  {
    words: ["webhook", "create"],
    synopsis: "tokenhub webhook create --project <name> --url <url> --events <e1,e2> [--description <text>]",
    summary: "subscribe a URL to events (its secret shown once)",
    // The event types are the webhook schemas' (zod): read only by this help.
    details: async () => `Event types: ${(await import("../schemas/webhookEvents.js")).WEBHOOK_EVENT_TYPES.join(", ")}.`,
    run: async (settings, out, options) => {
      if (!options.project || !options.url || !options.events) throw new ConfigError("webhook create needs --project, --url and --events.");
      return done((await webhookCommands()).webhookCreate(settings(), out, { project: options.project, url: options.url, events: options.events, description: options.description }));
    },
  },
  {
    words: ["webhook", "list"],
    synopsis: "tokenhub webhook list [--project <name>]",
    summary: "list webhook endpoints",
    run: async (settings, out, options) => done((await webhookCommands()).webhookList(settings(), out, { project: options.project })),
  },
  {
    words: ["webhook", "delete"],
    synopsis: "tokenhub webhook delete <webhook id>",
    summary: "delete a webhook endpoint",
    run: async (settings, out, _options, id) => done((await webhookCommands()).webhookDelete(settings(), out, required(id, "webhook delete needs the webhook's id (tokenhub webhook list)."))),
  },
  {
    words: ["webhook", "test"],
    synopsis: "tokenhub webhook test <webhook id>",
    summary: "queue a test event for an endpoint",
    run: async (settings, out, _options, id) => done((await webhookCommands()).webhookTest(settings(), out, required(id, "webhook test needs the webhook's id (tokenhub webhook list)."))),
  },
  {
    words: ["webhook", "rotate-secret"],
    synopsis: "tokenhub webhook rotate-secret <webhook id>",
    summary: "replace an endpoint's signing secret (shown once)",
    run: async (settings, out, _options, id) => done((await webhookCommands()).webhookRotateSecret(settings(), out, required(id, "webhook rotate-secret needs the webhook's id (tokenhub webhook list)."))),
  },
  {
    words: ["webhook", "deliveries"],
    synopsis: "tokenhub webhook deliveries <webhook id> [--status pending|delivered|failed] [--type <event type>]",
    summary: "an endpoint's latest deliveries",
    run: async (settings, out, options, id) =>
      done((await webhookCommands()).webhookDeliveries(settings(), out, required(id, "webhook deliveries needs the webhook's id (tokenhub webhook list)."), { status: options.status, type: options.type })),
  },
  {
    words: ["webhook", "redeliver"],
    synopsis: "tokenhub webhook redeliver <webhook id> --event <event id>",
    summary: "send an event to an endpoint again",
    run: async (settings, out, options, id) => {
      if (!options.event) throw new ConfigError("webhook redeliver needs --event (tokenhub webhook deliveries shows the event ids).");
      return done((await webhookCommands()).webhookRedeliver(settings(), out, required(id, "webhook redeliver needs the webhook's id."), options.event));
    },
  },
  {
    words: ["master-key", "generate"],
    synopsis: "tokenhub master-key generate <file>",
    summary: "write a new random master key to a new owner-only file",
    run: async (_settings, out, _options, file) => {
      (await masterKeyCommands()).masterKeyGenerate(out, required(file, "master-key generate needs the file to write."));
      return 0;
    },
  },
  {
    words: ["master-key", "rotate"],
    synopsis: "tokenhub master-key rotate --new-key-file <file>",
    summary: "re-wrap every cloud key with that master key",
    run: async (settings, out, options) => {
      if (!options["new-key-file"]) throw new ConfigError("master-key rotate needs --new-key-file (make one with 'tokenhub master-key generate <file>').");
      return done((await masterKeyCommands()).masterKeyRotate(settings(), out, options["new-key-file"]));
    },
  },
];

const OPTIONS = {
  role: { type: "string" },
  project: { type: "string" },
  scopes: { type: "string" },
  name: { type: "string" },
  expires: { type: "string" },
  chain: { type: "string" },
  address: { type: "string" },
  "new-key-file": { type: "string" },
  url: { type: "string" },
  events: { type: "string" },
  description: { type: "string" },
  status: { type: "string" },
  type: { type: "string" },
  event: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

function usageLines(entries: Pick<Command, "synopsis" | "summary">[]): string {
  const column = 50;
  return entries
    .map(({ synopsis, summary }) => (synopsis.length > column ? `  ${synopsis}\n  ${" ".repeat(column)} ${summary}` : `  ${synopsis.padEnd(column)} ${summary}`))
    .join("\n");
}

function usage(): string {
  const entries = [
    ...COMMANDS,
    { synopsis: "tokenhub --version", summary: "print the version" },
    { synopsis: "tokenhub <command> --help", summary: "what a command takes" },
  ];
  return `tokenhub: self-hosted token service

Usage:
${usageLines(entries)}

Configuration comes from the environment (see .env.example).`;
}

/** The usage of a group's commands (`tokenhub token`), or undefined when no command starts with that word. */
function groupUsage(word: string): string | undefined {
  const group = COMMANDS.filter((candidate) => candidate.words.length > 1 && candidate.words[0] === word);
  if (group.length === 0) return undefined;
  return `Usage:\n${usageLines([...group, { synopsis: `tokenhub ${word} <command> --help`, summary: "what a command takes" }])}`;
}

export function version(): string {
  return (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
}

/** Parses the command line and runs one command; returns the process exit code (2: a usage or configuration error). */
export async function runCli(argv: string[], out: Output = (line) => process.stdout.write(`${line}\n`)): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`tokenhub: ${message}\n\n${usage()}\n`);
    return 2;
  };
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // node:util's messages carry a hint meant for programmers ("To specify a positional argument starting with..."):
    // the first sentence names the problem.
    return fail(`${(error as Error).message.split(". ")[0]!.replace(/\.$/, "")}.`);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    out(version());
    return 0;
  }
  const command = COMMANDS.find((candidate) => candidate.words.every((word, index) => positionals[index] === word));
  if (command === undefined) {
    if (positionals.length === 0 || positionals[0] === "help") {
      out(usage());
      return positionals.length === 0 && !values.help ? 2 : 0;
    }
    // A group named alone (`tokenhub token`, `tokenhub webhook --help`) is asked what it holds.
    const group = positionals.length === 1 ? groupUsage(positionals[0]!) : undefined;
    if (group !== undefined) {
      out(group);
      return values.help ? 0 : 2;
    }
    const written = positionals.slice(0, 2).join(" ");
    const known = COMMANDS.map((candidate) => candidate.words.join(" "));
    return fail(`unknown command '${written}'${didYouMean(written, known)}`);
  }
  try {
    if (values.help) {
      const details = typeof command.details === "function" ? await command.details() : command.details;
      out(`Usage: ${command.synopsis}\n\n${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.${details ? `\n${details}` : ""}`);
      return 0;
    }
    // The configuration's schema (zod, viem) is loaded only by a command that runs.
    const { loadSettings } = await import("../config/env.js");
    return await command.run(() => loadSettings(), out, values, positionals[command.words.length]);
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

function startRole(role: string | undefined, roles: readonly Role[]): Role {
  if (role === undefined) return "all";
  const split = roles.filter((candidate) => candidate !== "all");
  if (!(split as readonly string[]).includes(role)) throw new ConfigError(`unknown role '${role}'${didYouMean(role, split)} (roles: ${split.join(", ")}; without --role, everything runs in one process).`);
  return role as Role;
}

function required(value: string | undefined, message: string): string {
  if (value === undefined) throw new ConfigError(message);
  return value;
}

async function done(work: Promise<void>): Promise<number> {
  await work;
  return 0;
}
