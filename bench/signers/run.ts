/**
 * Signer benchmark (issue 29): in one run, with the signers' keys local and in a SoftHSM2 token, transactions signed
 * per second by the account the pipeline uses (one at a time, and 8 at once as concurrent batches would), and ERC-721
 * mints accepted per second through the API at concurrency 50 (the pipeline joins the mints to one collection into
 * shared transactions, so a signature's cost is paid once per joined transaction, not once per mint).
 *
 *   npm run bench:signers [-- --signatures 500 --mints 1000]
 */
import { parseArgs } from "node:util";
import type { LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { pkcs11Signer } from "../../server/custody/pkcs11Account.js";
import { openPkcs11Token } from "../../server/custody/pkcs11Token.js";
import { createSoftHsmToken, type SoftHsmToken } from "../../test/helpers/softhsm.js";
import { httpLoad } from "../lib/load.js";
import { startBenchService } from "../lib/service.js";

const { values } = parseArgs({ options: { signatures: { type: "string", default: "500" }, mints: { type: "string", default: "1000" } } });
const signatures = Number(values.signatures);
const mints = Number(values.mints);
const RECIPIENT = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";

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

async function mintsPerSecond(label: string, env: NodeJS.ProcessEnv): Promise<{ perSecond: number; p50: number; p99: number; failures: number }> {
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

const softhsm: SoftHsmToken = createSoftHsmToken({ label: "bench" });
process.env.SOFTHSM2_CONF = softhsm.conf;
try {
  const token = openPkcs11Token({ library: softhsm.library, token: { label: softhsm.label }, pin: softhsm.pin, sources: { library: "library", token: "token", pin: "pin" } });
  const inToken = await pkcs11Signer(token, "bench-signer");
  const local = privateKeyToAccount(generatePrivateKey());
  const rows: string[] = [];
  for (const concurrency of [1, 8]) {
    const localRate = await signaturesPerSecond(local, concurrency);
    const tokenRate = await signaturesPerSecond(inToken, concurrency);
    rows.push(`| transactions signed per second, ${concurrency} at once | ${localRate.toFixed(0)} | ${tokenRate.toFixed(0)} |`);
  }
  token.close();

  const localMints = await mintsPerSecond("signers-local", {});
  const tokenMints = await mintsPerSecond("signers-pkcs11", { ...softhsm.env, TOKENHUB_SIGNER_PKCS11_KEYS: "bench-service-signer" });
  const mintRow = (name: string, pick: (m: typeof localMints) => string) => `| ${name} | ${pick(localMints)} | ${pick(tokenMints)} |`;
  rows.push(mintRow(`ERC-721 mints per second, concurrency 50 (${mints} requests)`, (m) => m.perSecond.toFixed(0)));
  rows.push(mintRow("mint latency p50 / p99 (ms)", (m) => `${m.p50.toFixed(0)} / ${m.p99.toFixed(0)}`));
  rows.push(mintRow("failed requests", (m) => String(m.failures)));
  console.log(["| figure | local key | SoftHSM2 token |", "| --- | --- | --- |", ...rows].join("\n"));
} finally {
  softhsm.destroy();
}
