export type TerminalOutput = {
  /** One line of the supervisor's own: `  component message` for a person, a JSON object with `format: json`. */
  line(component: string, message: string, level?: "info" | "warn"): void;
  /** Lines of the child processes, passed on as they are (Ponder writes JSON itself under `format: json`). */
  raw(chunk: Buffer): void;
  /** The start-up summary: its lines for a person, one JSON object with the facts otherwise. */
  banner(lines: string[], facts: { role: string; baseUrl: string; seconds: number; adminToken: string | undefined; chains: unknown[] }): void;
  /** `listener` runs once when stdout or stderr closes (EPIPE): nothing is written after that. */
  onClosed(listener: () => void): void;
};

/**
 * The supervisor's stdout. A parent that stops reading (a pipe closed while the service stops, a closed terminal)
 * would make every later write fail with EPIPE, and an unhandled one would end the supervisor and orphan its
 * children: the failure is caught once, writing stops, and the service stops in order.
 */
export function createTerminalOutput(format: "pretty" | "json"): TerminalOutput {
  let closed = false;
  const listeners: (() => void)[] = [];
  const close = (error: NodeJS.ErrnoException) => {
    if (closed) return;
    closed = true;
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") process.exitCode = 1;
    for (const listener of listeners.splice(0)) listener();
  };
  process.stdout.on("error", close);
  process.stderr.on("error", close);
  const write = (text: string | Buffer) => {
    if (!closed) process.stdout.write(text);
  };
  const json = (level: string, fields: Record<string, unknown>) => `${JSON.stringify({ time: new Date().toISOString(), level, ...fields })}\n`;

  return {
    line(component, message, level = "info") {
      if (format === "json") write(json(level, { component, msg: message }));
      else write(component === "tokenhub" ? `tokenhub ${message}\n` : `  ${component.padEnd(9)} ${message}\n`);
    },
    raw(chunk) {
      write(chunk);
    },
    banner(lines, facts) {
      if (format === "json") {
        // The admin token is written on purpose (it is shown once): not through the logger, which would redact it.
        write(json("info", { component: "tokenhub", msg: `tokenhub is up in ${facts.seconds.toFixed(1)} s`, role: facts.role, baseUrl: facts.baseUrl, chains: facts.chains, firstStartAdminToken: facts.adminToken }));
        return;
      }
      write(`${lines.join("\n")}\n`);
    },
    onClosed(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
