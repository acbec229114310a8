import { waitFor } from "./waitFor.js";

/**
 * Reads what a running Node process retains, through its inspector: SIGUSR1 opens it (Node's own way to debug a
 * running process), a full collection is forced, then `process.memoryUsage()` is read; the inspector is closed again
 * when done. The process's resident memory cannot tell this: garbage not yet collected (a young generation grown to
 * the allocation rate, Buffers freed by a sweeper that a loaded machine leaves behind) sits beside what is held.
 * `read()` answers the V8 heap and the ArrayBuffers (where Buffers live) in MiB, the least of three readings: the
 * ArrayBuffers a collection frees are returned by a background sweeper, which may not have run when one is read, and
 * what the process allocates meanwhile is garbage too; what it holds is in every reading.
 */
export async function openRetainedMemory(pid: number, port = 9229): Promise<{ read(): Promise<number>; close(): Promise<void> }> {
  const listUrl = `http://127.0.0.1:${port}/json/list`;
  const answering = async () => {
    try {
      return (await (await fetch(listUrl, { signal: AbortSignal.timeout(5_000) })).json()) as { webSocketDebuggerUrl: string }[];
    } catch (error) {
      // Refused: nothing listens. A listener that accepts and never answers is not a closed one.
      if ((error as Error).name === "TimeoutError") throw new Error(`process ${pid}'s inspector accepted ${listUrl} but did not answer it within 5 s`);
      return undefined;
    }
  };
  if (await answering()) throw new Error(`another inspector already listens on 127.0.0.1:${port}: stop it and run the test again`);
  process.kill(pid, "SIGUSR1");
  const targets = await waitFor(answering, { timeoutMs: 10_000, message: () => `process ${pid} opened no inspector on ${port}` });
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`could not connect to process ${pid}'s inspector`)), { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, (result: { result?: { value?: unknown } }) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: { result?: { value?: unknown } } };
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
  });
  // Bounded, so that a process that stops answering fails the test with the step it stopped at, not a bare timeout.
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<{ result?: { value?: unknown } }>((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`process ${pid}'s inspector did not answer ${method} within 20 s`));
      }, 20_000);
      pending.set(id, (result) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const MiB = 1024 * 1024;
  return {
    async read() {
      const readings: number[] = [];
      for (let round = 0; round < 3; round++) {
        await call("HeapProfiler.collectGarbage");
        const answer = await call("Runtime.evaluate", {
          expression: "new Promise((resolve) => setTimeout(() => { const usage = process.memoryUsage(); resolve(usage.heapUsed + usage.arrayBuffers); }, 200))",
          awaitPromise: true,
          returnByValue: true,
        });
        readings.push((answer.result!.value as number) / MiB);
      }
      return Math.min(...readings);
    },
    async close() {
      // inspector.close() waits for its sessions to end: it runs once this one has.
      await call("Runtime.evaluate", { expression: "setTimeout(() => process.getBuiltinModule('node:inspector').close(), 100), 0" });
      socket.close();
      await waitFor(async () => (await answering()) === undefined, { timeoutMs: 10_000, message: () => `process ${pid}'s inspector stayed open` });
    },
  };
}
