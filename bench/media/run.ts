/**
 * Media benchmark: a large file uploaded through `POST /api/v1/nft/uploadMedia` (streamed by the client, no
 * Content-Length) and downloaded back from its mediaUrl, several times. Reports throughput both ways and the memory
 * of the whole service process tree (PSS, sampled every 50 ms) above its idle level during the transfers: an
 * upload that were held in memory would add at least its own size.
 *
 *   npm run bench:media [-- --mib 45 --runs 5]
 */
import { parseArgs } from "node:util";
import { treeMemoryMiB } from "../lib/processTree.js";
import { startBenchService } from "../lib/service.js";

const { values } = parseArgs({ options: { mib: { type: "string", default: "45" }, runs: { type: "string", default: "5" } } });
const MiB = 1024 * 1024;
const fileBytes = Number(values.mib) * MiB;
const runs = Number(values.runs);

const BOUNDARY = "----tokenhub-bench";
/** A PNG signature and header chunk: enough for the file to be typed image/png. */
const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");

/** A distinct file per run (its first bytes differ), so every run stores a new object. */
function uploadBody(run: number): ReadableStream<Uint8Array> {
  const header = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="media"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`);
  const first = Buffer.concat([header, PNG_HEAD, Buffer.from(`run ${run} ${Date.now()}`)]);
  const chunk = new Uint8Array(256 * 1024).fill(0x61);
  let remaining = fileBytes - (first.length - header.length);
  let stage: "first" | "content" | "closing" | "done" = "first";
  return new ReadableStream({
    pull(controller) {
      if (stage === "first") {
        controller.enqueue(new Uint8Array(first));
        stage = "content";
      } else if (stage === "content") {
        const length = Math.min(chunk.length, remaining);
        controller.enqueue(chunk.subarray(0, length));
        remaining -= length;
        if (remaining === 0) stage = "closing";
      } else if (stage === "closing") {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${BOUNDARY}--\r\n`)));
        stage = "done";
      } else {
        controller.close();
      }
    },
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const service = await startBenchService("media");
const { base, token } = service;
const totalMiB = () => [...treeMemoryMiB(service.child.pid!).values()].reduce((sum, value) => sum + value, 0);
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, totalMiB());
}, 50);
try {
  const results: { upload: number; download: number; uploadGrowth: number; downloadGrowth: number }[] = [];
  for (let run = 0; run <= runs; run++) {
    const idle = totalMiB();
    peak = idle;
    let began = performance.now();
    const response = await fetch(`${base}/api/v1/nft/uploadMedia`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${token}` },
      body: uploadBody(run),
      duplex: "half",
    } as RequestInit);
    const uploaded = (await response.json()) as { mediaUrl?: string; size?: number };
    if (response.status !== 200 || uploaded.size !== fileBytes) throw new Error(`upload failed: ${response.status} ${JSON.stringify(uploaded)}`);
    const uploadSeconds = (performance.now() - began) / 1000;
    const uploadGrowth = Math.max(peak, totalMiB()) - idle;

    peak = idle;
    began = performance.now();
    const download = await fetch(uploaded.mediaUrl!.replace(/^https?:\/\/[^/]+/, base));
    let received = 0;
    for await (const part of download.body!) received += (part as Uint8Array).length;
    if (received !== fileBytes) throw new Error(`download returned ${received} bytes`);
    const downloadSeconds = (performance.now() - began) / 1000;
    const downloadGrowth = Math.max(peak, totalMiB()) - idle;
    // Run 0 warms up (code paths, buffers) and is not counted.
    if (run === 0) continue;
    results.push({ upload: fileBytes / MiB / uploadSeconds, download: fileBytes / MiB / downloadSeconds, uploadGrowth, downloadGrowth });
    console.log(
      `run ${run}: upload ${(fileBytes / MiB / uploadSeconds).toFixed(0)} MiB/s (+${uploadGrowth.toFixed(1)} MiB), download ${(fileBytes / MiB / downloadSeconds).toFixed(0)} MiB/s (+${downloadGrowth.toFixed(1)} MiB); idle ${idle.toFixed(0)} MiB`,
    );
  }
  console.log(`\n| figure (${values.mib} MiB file, median of ${runs}) | value |\n| --- | --- |`);
  console.log(`| upload throughput | ${median(results.map((r) => r.upload)).toFixed(0)} MiB/s |`);
  console.log(`| download throughput | ${median(results.map((r) => r.download)).toFixed(0)} MiB/s |`);
  console.log(`| memory above idle during upload (PSS, whole tree; max of runs) | ${Math.max(...results.map((r) => r.uploadGrowth)).toFixed(1)} MiB |`);
  console.log(`| memory above idle during download (PSS, whole tree; max of runs) | ${Math.max(...results.map((r) => r.downloadGrowth)).toFixed(1)} MiB |`);
} finally {
  clearInterval(sampler);
  await service.destroy();
}
