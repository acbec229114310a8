import fs from "node:fs";
import path from "node:path";
import { type Address, getAddress, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFactoryAbi, tokenHubERC721Abi } from "../../abis/index.js";
import { localSignerAccount } from "../../server/chain/signers.js";
import { chainClient, deployTokenFactory, minedReceipt, type ChainClient } from "../helpers/chainClient.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let service: TestService;
let chain: ChainClient;
let granted: Address;
let denied: Address;
const RECIPIENT = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";

/** A collection from a factory of the test's own: not a child of tokenhub's factory, so it is an external contract. */
async function externalCollection(factory: Address, name: string, minters: Address[], transferable = true): Promise<Address> {
  const [owner] = chain.accounts;
  const hash = await chain.client.writeContract({
    address: factory,
    abi: tokenFactoryAbi,
    functionName: "createERC721",
    args: [name, name.slice(0, 3).toUpperCase(), transferable, owner!.address, minters, "http://localhost/metadata/"],
    account: owner!,
    chain: chain.client.chain,
  });
  const receipt = await minedReceipt(chain, hash);
  return getAddress(`0x${receipt.logs[receipt.logs.length - 1]!.topics[1]!.slice(26)}`);
}

beforeAll(async () => {
  service = await startTestService();
  const [local] = service.runtime().chains;
  chain = chainClient(local!.rpcUrl[0]!);
  const core = local!.core;
  const factory = await deployTokenFactory(chain, core);
  const signer = localSignerAccount(service.dataDir).address;
  granted = await externalCollection(factory, "Granted", [signer]);
  denied = await externalCollection(factory, "Denied", [chain.accounts[0]!.address], false);

  const chainsFile = path.join(service.dataDir, "chains.json");
  fs.writeFileSync(chainsFile, JSON.stringify({ chains: [{ id: 31337, name: "local", contracts: [{ address: granted, kind: "erc721" }, { address: denied, kind: "erc721" }] }] }));
  await service.stop();
  service.env.TOKENHUB_CHAINS_FILE = chainsFile;
  await service.start();
});

afterAll(async () => {
  await service?.destroy();
});

describe("tokenhub contract import", () => {
  it("claims a listed contract whose minter role a service signer holds, after which the project mints on it", async () => {
    const before = await fetch(`${service.baseUrl}/api/v1/erc721/mint`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
      body: JSON.stringify({ chainId: 31337, contractAddress: granted, recipientAddress: RECIPIENT }),
    });
    expect(before.status).toBe(404);

    const imported = await service.cli(["contract", "import", "--project", "default", "--chain", "31337", "--address", granted.toLowerCase()]);
    expect(imported.stderr).toBe("");
    expect(imported.stdout.trim()).toBe(`Imported ERC721 ${granted} (Granted) on chain 31337 for project default.`);
    // A collection of today's generation answers contractGeneration(): the service joins its mints through mintToMany.
    expect(await queryDatabase(service.databaseUrl(), "SELECT contract_version FROM tokenhub_app.project_collections WHERE address = $1", [granted])).toEqual([{ contract_version: 3 }]);

    const mint = await fetch(`${service.baseUrl}/api/v1/erc721/mint`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
      body: JSON.stringify({ chainId: 31337, contractAddress: granted, recipientAddress: RECIPIENT }),
    });
    expect(mint.status).toBe(200);
    const { transactionHash } = (await mint.json()) as { transactionHash: Hex };
    await waitFor(() => chain.client.getTransactionReceipt({ hash: transactionHash }).catch(() => undefined));
    expect(await chain.client.readContract({ address: granted, abi: tokenHubERC721Abi, functionName: "ownerOf", args: [1n] })).toBe(RECIPIENT);
  });

  it("indexes an external collection of today's generation (a minting proxy) with its own transferability", async () => {
    const rows = await waitFor(async () => {
      const found = await queryDatabase(service.databaseUrl(), "SELECT address, transferable FROM tokenhub_index.collection WHERE address = ANY($1) ORDER BY transferable", [
        [granted.toLowerCase(), denied.toLowerCase()],
      ]);
      return found.length === 2 ? found : undefined;
    });
    expect(rows).toEqual([
      { address: denied.toLowerCase(), transferable: false },
      { address: granted.toLowerCase(), transferable: true },
    ]);
  });

  it("refuses a contract no service signer may mint on, and one the chains file does not list", async () => {
    const refused = await service.cli(["contract", "import", "--project", "default", "--chain", "31337", "--address", denied]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`tokenhub: No service signer holds MINTER_ROLE on ${denied}: grant it to ${localSignerAccount(service.dataDir).address}`);

    const unlisted = "0x000000000000000000000000000000000000dEaD";
    const missing = await service.cli(["contract", "import", "--project", "default", "--chain", "31337", "--address", unlisted]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`tokenhub: ${unlisted} is not listed under chain local (31337) in the chains file`);
  });
});
