import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { type Address, getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHubERC721Abi } from "../../abis/index.js";
import { chainClient } from "../helpers/chainClient.js";
import { type SharedService, sharedService } from "../helpers/sharedService.js";
import { waitFor } from "../helpers/waitFor.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
const RECIPIENT = getAddress("0x976EA74026E726554dB657fA54763abd0C3a0aa9");

let service: SharedService;
let document: OpenAPI3;
/** Inside the repository's node_modules, so that the generated client resolves openapi-fetch as a user's project would. */
let workDir: string;

beforeAll(async () => {
  service = await sharedService();
  document = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as OpenAPI3;
  fs.mkdirSync(path.join(ROOT, "node_modules", ".cache"), { recursive: true });
  workDir = fs.mkdtempSync(path.join(ROOT, "node_modules", ".cache", "openapi-client-"));
});

afterAll(async () => {
  await service?.release();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

type LintProblem = { ruleId: string; severity: "error" | "warn"; message: string; location: { pointer: string }[] };

describe("the OpenAPI document served by a running service", () => {
  it("passes @redocly/cli lint (recommended rules) with 0 errors; the one warning left is the localhost server URL", async () => {
    const file = path.join(workDir, "openapi.json");
    fs.writeFileSync(file, JSON.stringify(document));
    // lint exits 1 when it finds errors: its report is read either way.
    const output = await run(path.join(BIN, "redocly"), ["lint", file, "--format=json"], { cwd: workDir }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
    );
    const report = JSON.parse(output.stdout) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
    const summary = report.problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(report.totals.errors, summary.join("\n")).toBe(0);
    // Named in docs/clients.md: the service's own URL (PUBLIC_URL) is localhost unless configured otherwise.
    expect(summary).toEqual([expect.stringMatching(/^warn no-server-example\.com at #\/servers\/0\/url: /)]);
  });

  it("generates a TypeScript client (openapi-typescript + openapi-fetch) that compiles and mints with an Idempotency-Key", async () => {
    // As docs/clients.md says: request bodies are components, where openapi-typescript would otherwise make a field with a
    // default (transferable, decimals...) required.
    fs.writeFileSync(path.join(workDir, "schema.d.ts"), astToString(await openapiTS(document, { defaultNonNullable: false })));
    fs.writeFileSync(path.join(workDir, "client.ts"), CLIENT_SOURCE);
    fs.writeFileSync(
      path.join(workDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, types: [], lib: ["ES2023", "DOM"] },
        files: ["client.ts"],
      }),
    );
    const compiled = await run(path.join(BIN, "tsc"), ["-p", workDir], { cwd: workDir }).catch((error: { stdout?: string }) => error);
    expect("stdout" in compiled ? compiled.stdout : "", "tsc found errors in the generated client").toBe("");

    const client = (await import(path.join(workDir, "client.js"))) as {
      createAndMint(baseUrl: string, token: string, recipientAddress: string, idempotencyKey: string): Promise<MintRun>;
    };
    const key = `openapi-client-${Date.now()}`;
    const result = await client.createAndMint(service.baseUrl, service.adminToken, RECIPIENT, key);

    expect(result.first.status).toBe(200);
    expect(result.first.replayed).toBeNull();
    expect(result.first.body).toEqual({
      success: true,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      transactionUrl: expect.any(String),
      operationId: expect.any(String),
    });
    expect(result.replay).toEqual({ status: 200, replayed: "true", body: result.first.body });

    const chain = chainClient(service.runtime().chains[0]!.rpcUrl[0]!);
    const owner = await waitFor(async () =>
      chain.client
        .readContract({ address: result.contractAddress as Address, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [1n] })
        .catch(() => undefined),
    );
    expect(owner).toBe(RECIPIENT);
    const minted = await chain.client.readContract({ address: result.contractAddress as Address, abi: tokenHubERC721Abi, functionName: "totalMinted" });
    expect(minted, "the replay minted nothing").toBe(1n);
  });
});

type MintRun = {
  contractAddress: string;
  first: { status: number; replayed: string | null; body: unknown };
  replay: { status: number; replayed: string | null; body: unknown };
};

/**
 * What a user of the generated types writes. Compiled with tsc, it fails if a path, a body field or the
 * Idempotency-Key header is missing from the document (an unknown key in an object literal is an error).
 */
const CLIENT_SOURCE = `import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

export async function createAndMint(baseUrl: string, token: string, recipientAddress: string, idempotencyKey: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` } });
  const created = await client.POST("/api/v1/erc721/create", { body: { chainId: 31337, name: "Generated", symbol: "GEN" } });
  if (created.data === undefined) throw new Error(\`create failed: \${JSON.stringify(created.error)}\`);
  const contractAddress: string = created.data.contractAddress;
  const mint = async () => {
    const { data, error, response } = await client.POST("/api/v1/erc721/mint", {
      params: { header: { "Idempotency-Key": idempotencyKey } },
      body: { chainId: 31337, contractAddress, recipientAddress, metadata: { name: "Generated #1" } },
    });
    const operationId: string | undefined = data?.operationId;
    return { status: response.status, replayed: response.headers.get("Idempotent-Replayed"), body: data ?? error, operationId };
  };
  const first = await mint();
  const replay = await mint();
  return {
    contractAddress,
    first: { status: first.status, replayed: first.replayed, body: first.body },
    replay: { status: replay.status, replayed: replay.replayed, body: replay.body },
  };
}
`;
