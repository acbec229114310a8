/**
 * Signer benchmark (issue 29): in one run, with the signers' keys local and in a SoftHSM2 token, transactions signed
 * per second by the account the pipeline uses (one at a time, and 8 at once as concurrent batches would), and ERC-721
 * mints accepted per second through the API at concurrency 50 (the pipeline joins the mints to one collection into
 * shared transactions, so a signature's cost is paid once per joined transaction, not once per mint).
 *
 * The machine is shared: each round measures both kinds, in alternating order, and the figures are the medians of the
 * rounds, with the token's as a ratio of the local key's.
 *
 *   npm run bench:signers [-- --signatures 500 --mints 1000 --rounds 3]
 */
import { parseArgs } from "node:util";
import type { LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { pkcs11Signer } from "../../server/custody/pkcs11Account.js";
import { openPkcs11Token } from "../../server/custody/pkcs11Token.js";
import { createSoftHsmToken, type SoftHsmToken } from "../../test/helpers/softhsm.js";
import { httpLoad, type Measured } from "../lib/load.js";
import { startBenchService } from "../lib/service.js";

const { values } = parseArgs({
  options: { signatures: { type: "string", default: "500" }, mints: { type: "string", default: "1000" }, rounds: { type: "string", default: "3" } },
});
const signatures = Number(values.signatures);
const mints = Number(values.mints);
const rounds = Number(values.rounds);
const RECIPIENT = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";

type Kind = "local" | "token";

async function signaturesPerSecond(account: LocalAccount, concurrency: number): Promise<number> {
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < signatures) {
        const nonce = next++;
        await account.signTransaction({ type: "eip1559", chainId: 31337, nonce, to: RECIPIENT, gas: 100_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1n, data: "0x40c10f19" });
      }
    }),
  );
  return signatures / ((performance.now() - began) / 1000);
}

async function mintsPerSecond(label: string, env: NodeJS.ProcessEnv): Promise<Measured> {
  const service = await startBenchService(label, env);
  try {
    const created = await service.post("/api/v1/erc721/create", { chainId: 31337, name: "Bench", symbol: "BNC" });
    if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
    const body = JSON.stringify({ chainId: 31337, contractAddress: created.body.contractAddress, recipientAddress: RECIPIENT });
    // Warm-up: the first requests compile the routes and fill the caches.
    await httpLoad({ base: service.base, token: service.token, concurrency: 10, amount: 50, method: "POST", path: () => "/api/v1/erc721/mint", body });
    return await httpLoad({ base: service.base, token: service.token, concurrency: 50, amount: mints, method: "POST", path: () => "/api/v1/erc721/mint", body });
  } finally {
    await service.destroy();
  }
}

/** Round r measures local first when r is even, the token first when it is odd. */
function inTurn(round: number): Kind[] {
  return round % 2 === 0 ? ["local", "token"] : ["token", "local"];
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A table row: each kind's median with the rounds' values, and the token's median as a share of the local one. */
function row(name: string, figures: Record<Kind, number[]>, digits = 0): string {
  const cell = (kind: Kind) => `${median(figures[kind]).toFixed(digits)} (${figures[kind].map((each) => each.toFixed(digits)).join(", ")})`;
  return `| ${name} | ${cell("local")} | ${cell("token")} | ${(median(figures.token) / median(figures.local)).toFixed(2)} |`;
}

const sum = (measured: Measured[]) => measured.reduce((total, each) => total + each.failures, 0);

const softhsm: SoftHsmToken = createSoftHsmToken({ label: "bench" });
process.env.SOFTHSM2_CONF = softhsm.conf;
try {
  const token = openPkcs11Token({ library: softhsm.library, token: { label: softhsm.label }, pin: softhsm.pin, sources: { library: "library", token: "token", pin: "pin" } });
  const accounts: Record<Kind, LocalAccount> = { local: privateKeyToAccount(generatePrivateKey()), token: await pkcs11Signer(token, "bench-signer") };
  const signed = { 1: { local: [] as number[], token: [] as number[] }, 8: { local: [] as number[], token: [] as number[] } };
  // A first pass unmeasured: the JIT compiles the curve arithmetic of both paths.
  for (const kind of inTurn(0)) await signaturesPerSecond(accounts[kind], 1);
  for (let round = 0; round < rounds; round++) {
    for (const concurrency of [1, 8] as const) {
      for (const kind of inTurn(round)) signed[concurrency][kind].push(await signaturesPerSecond(accounts[kind], concurrency));
    }
  }
  token.close();

  const minted: Record<Kind, Measured[]> = { local: [], token: [] };
  const env: Record<Kind, NodeJS.ProcessEnv> = { local: {}, token: { ...softhsm.env, TOKENHUB_SIGNER_PKCS11_KEYS: "bench-service-signer" } };
  for (let round = 0; round < rounds; round++) {
    for (const kind of inTurn(round)) minted[kind].push(await mintsPerSecond(`signers-${kind}`, env[kind]));
  }
  const mintFigure = (pick: (measured: Measured) => number): Record<Kind, number[]> => ({ local: minted.local.map(pick), token: minted.token.map(pick) });

  console.log(
    [
      `${rounds} rounds, each kind in alternating order; median (each round's figure)`,
      "",
      "| figure | local key | SoftHSM2 token | token / local |",
      "| --- | --- | --- | --- |",
      row("transactions signed per second, 1 at once", signed[1]),
      row("transactions signed per second, 8 at once", signed[8]),
      row(`ERC-721 mints per second, concurrency 50 (${mints} requests)`, mintFigure((measured) => measured.perSecond)),
      row("mint latency p50 (ms)", mintFigure((measured) => measured.p50)),
      row("mint latency p99 (ms)", mintFigure((measured) => measured.p99)),
      `| failed requests, all rounds | ${sum(minted.local)} | ${sum(minted.token)} | |`,
    ].join("\n"),
  );
} finally {
  softhsm.destroy();
}
