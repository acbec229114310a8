/**
 * The typed client as a package of its own (issue 38, Deliver 2 and acceptance 2): packed from client/, installed
 * into a project outside the repository with nothing of the service's, type-checked with a program a user would
 * write, and that program run against a live service: it mints with `?wait=mined` and prints the token id.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SharedService, sharedService } from "../helpers/sharedService.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const MIB = 1024 * 1024;

const PROGRAM = `import { createTokenhubClient } from "tokenhub-client";

declare const process: { env: Record<string, string | undefined> };

const tokenhub = createTokenhubClient({ baseUrl: process.env.TOKENHUB_URL!, token: process.env.TOKENHUB_TOKEN, idempotencyKey: () => crypto.randomUUID() });
const created = await tokenhub.POST("/api/v1/erc721/create", { params: { query: { wait: "mined" } }, body: { chainId: 31337, name: "Packed", symbol: "PKD" } });
if (created.error) throw new Error(created.error.error);
const minted = await tokenhub.POST("/api/v1/erc721/mint", {
  params: { query: { wait: "mined" } },
  body: { chainId: 31337, contractAddress: created.data.contractAddress, recipientAddress: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" },
});
const status: "pending" | "success" | "failure" | undefined = minted.data?.status;
const refused = await tokenhub.POST("/api/v1/erc721/mint", { body: { chainId: 31337, contractAddress: "0x1", recipientAddress: "0x2" } });
console.log(JSON.stringify({ status, tokenId: minted.data?.tokenId, refused: refused.response.status, code: refused.error?.code }));
`;

let service: SharedService;
let project: string;

beforeAll(async () => {
  service = await sharedService();
  project = fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-client-user-"));
});

afterAll(async () => {
  await service?.release();
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

/** Bytes under a directory, symbolic links not followed. */
function sizeOf(directory: string): number {
  return fs.readdirSync(directory, { withFileTypes: true }).reduce((total, entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return total + sizeOf(file);
    return total + (entry.isFile() ? fs.statSync(file).size : 0);
  }, 0);
}

describe("the client package (client/package.json)", () => {
  it("packs, installs into another project in under 30 MiB, type-checks a user's program and runs it against a service", async () => {
    const packed = JSON.parse((await run("npm", ["pack", path.join(ROOT, "client"), "--pack-destination", project, "--json"], { cwd: project })).stdout) as { filename: string }[];
    const tarball = path.join(project, packed[0]!.filename);
    fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "a-user-project", private: true, type: "module" }));
    await run("npm", ["install", tarball, "--no-audit", "--no-fund", "--prefer-offline"], { cwd: project, timeout: 120_000 });
    const installed = fs.readdirSync(path.join(project, "node_modules")).filter((name) => !name.startsWith("."));
    expect(installed.sort()).toEqual(["openapi-fetch", "openapi-typescript-helpers", "tokenhub-client"]);
    expect(sizeOf(path.join(project, "node_modules")) / MIB).toBeLessThan(30);

    fs.writeFileSync(path.join(project, "main.ts"), PROGRAM);
    fs.writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, skipLibCheck: false, types: [], lib: ["es2022", "dom"] }, files: ["main.ts"] }),
    );
    // The repository's TypeScript compiler; everything it resolves comes from the user's project.
    const compiled = await run(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", project], { cwd: project }).catch(
      (error: { stdout?: string }) => error,
    );
    expect("stdout" in compiled ? compiled.stdout : "", "tsc found errors in the user's program").toBe("");

    const output = await run(process.execPath, [path.join(project, "main.js")], {
      cwd: project,
      env: { PATH: process.env.PATH, TOKENHUB_URL: service.baseUrl, TOKENHUB_TOKEN: service.adminToken },
    });
    expect(JSON.parse(output.stdout)).toEqual({ status: "success", tokenId: "1", refused: 400, code: "VALIDATION_ERROR" });
  }, 180_000);
});
