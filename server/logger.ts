/**
 * Structured logs, one line per entry on stdout: a JSON object (`format: "json"`, for log collectors) or a line
 * readable in a terminal (`pretty`, the default: time, level, message, then the fields as key=value). Fields whose
 * names suggest a secret are replaced before the line is written, so a careless call site cannot leak a token, a
 * password or a key.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFormat = "pretty" | "json";
export type LogFields = Record<string, unknown>;

export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
};

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_FIELD = /(authorization|token$|secret|password|passphrase|privatekey|private_key|mnemonic|apikey|api_key|masterkey|master_key)/i;
const CONNECTION_PASSWORD = /(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/gi;
/** RPC providers put API keys in the URL's path or query; an HTTP(S) or WS(S) URL is logged as its origin only. */
const URL_PATH = /\b((?:https?|wss?):\/\/[^/\s"'?#]+)[/?#][^\s"']*/gi;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4) return "[depth]";
  if (typeof value === "string") return value.replace(CONNECTION_PASSWORD, "$1***@").replace(URL_PATH, "$1/…");
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Error) return { name: value.name, message: redact(value.message, depth + 1) };
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_FIELD.test(key) ? "[redacted]" : redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

export function createLogger(options: {
  level?: LogLevel;
  format?: LogFormat;
  fields?: LogFields;
  write?: (line: string) => void;
} = {}): Logger {
  const threshold = LEVELS[options.level ?? "info"];
  const base = options.fields ?? {};
  const write = options.write ?? ((line: string) => process.stdout.write(line));
  const format = options.format === "pretty" ? prettyLine : (entry: Record<string, unknown>) => JSON.stringify(entry);

  const log = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (LEVELS[level] < threshold) return;
    const entry = redact({ time: new Date().toISOString(), level, msg: redact(msg), ...base, ...fields }) as Record<string, unknown>;
    write(`${format(entry)}\n`);
  };

  return {
    debug: (msg, fields) => log("debug", msg, fields),
    info: (msg, fields) => log("info", msg, fields),
    warn: (msg, fields) => log("warn", msg, fields),
    error: (msg, fields) => log("error", msg, fields),
    child: (fields) => createLogger({ ...options, fields: { ...base, ...fields } }),
  };
}

/** `12:04:05.123 INFO  request method=GET status=200`: the time of day, as Ponder's own pretty lines show it. */
export function prettyLine(entry: Record<string, unknown>): string {
  const { time, level, msg, ...fields } = entry;
  const clock = typeof time === "string" ? time.slice(11, 23) : "";
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${typeof value === "string" && !/\s/.test(value) ? value : JSON.stringify(value)}`);
  return [clock, String(level).toUpperCase().padEnd(5), msg, ...rest].join(" ");
}
