/**
 * The benchmark's webhook receiver, in a process of its own (the load generator's event loop would otherwise delay
 * it): answers 204 to every POST and prints one JSON line per event, `{ id, type, lagMs, at }`, lag measured from the
 * event's timestamp to its arrival. Its first line is its URL.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const at = Date.now();
    const event = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; type: string; timestamp: string };
    response.writeHead(204).end();
    process.stdout.write(`${JSON.stringify({ id: event.id, type: event.type, lagMs: at - Date.parse(event.timestamp), at })}\n`);
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook\n`));
