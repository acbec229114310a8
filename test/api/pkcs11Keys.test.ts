import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, createPublicClient, type Hex, http, verifyMessage, verifyTypedData } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSoftHsmToken, type SoftHsmToken } from "../helpers/softhsm.js";
import { queryDatabase, startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";

let softhsm: SoftHsmToken;
let service: TestService;

type Response = { status: number; body: Record<string, unknown> };

async function call(method: "GET" | "POST", pathAndQuery: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${pathAndQuery}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${service.adminToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What another program that holds the PIN reads of every private key in the token through PKCS#11. */
function privateKeysAsAnotherProgram(): { label: string; extractable: number; sensitive: number; value: string }[] {
  const script = `
    const pkcs11js = require("pkcs11js");
    const module = new pkcs11js.PKCS11();
    module.load(${JSON.stringify(softhsm.library)});
    module.C_Initialize();
    const slot = module.C_GetSlotList(true).find((each) => module.C_GetTokenInfo(each).label.trim() === ${JSON.stringify(softhsm.label)});
    const session = module.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION);
    module.C_Login(session, pkcs11js.CKU_USER, ${JSON.stringify(softhsm.pin)});
    module.C_FindObjectsInit(session, [{ type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_PRIVATE_KEY }]);
    const handles = module.C_FindObjects(session, 100);
    module.C_FindObjectsFinal(session);
    const keys = handles.map((handle) => {
      const [label, extractable, sensitive] = module.C_GetAttributeValue(session, handle, [{ type: pkcs11js.CKA_LABEL }, { type: pkcs11js.CKA_EXTRACTABLE }, { type: pkcs11js.CKA_SENSITIVE }]);
      let value;
      try { value = module.C_GetAttributeValue(session, handle, [{ type: pkcs11js.CKA_VALUE }])[0].value.toString("hex"); } catch (error) { value = error.message; }
      return { label: label.value.toString(), extractable: extractable.value[0], sensitive: sensitive.value[0], value };
    });
    module.C_Finalize();
    console.log(JSON.stringify(keys));
  `;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { env: { ...process.env, SOFTHSM2_CONF: softhsm.conf }, encoding: "utf8" })) as never;
}

beforeAll(async () => {
  softhsm = createSoftHsmToken();
  service = await startTestService({ env: { ...softhsm.env, TOKENHUB_SIGNER_PKCS11_KEYS: "hub-signer", TOKENHUB_CLOUD_KEYS_BACKEND: "pkcs11" } });
});

afterAll(async () => {
  await service?.destroy();
  softhsm?.destroy();
});

describe("signers and cloud keys in a PKCS#11 token (SoftHSM2)", () => {
  it("stops start-up with a message naming the setting: wrong PIN, missing library, unknown token, PIN file", async () => {
    const start = (env: NodeJS.ProcessEnv) => startTestService({ env: { ...softhsm.env, TOKENHUB_SIGNER_PKCS11_KEYS: "hub-signer", ...env } });
    await expect(start({ TOKENHUB_PKCS11_PIN: "000000" })).rejects.toThrow(/TOKENHUB_PKCS11_PIN: cannot log into the PKCS#11 token 'tokenhub-test' .*: the PIN is wrong/);
    await expect(start({ TOKENHUB_PKCS11_LIBRARY: "/opt/hsm/libmissing.so" })).rejects.toThrow(/TOKENHUB_PKCS11_LIBRARY: no PKCS#11 library at \/opt\/hsm\/libmissing\.so/);
    await expect(start({ TOKENHUB_PKCS11_TOKEN_LABEL: "elsewhere" })).rejects.toThrow(/TOKENHUB_PKCS11_TOKEN_LABEL: .* has no token labelled 'elsewhere'/);
    const pinFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenhub-pin-")), "pin");
    fs.writeFileSync(pinFile, "111111\n", { mode: 0o600 });
    await expect(start({ TOKENHUB_PKCS11_PIN: undefined, TOKENHUB_PKCS11_PIN_FILE: pinFile })).rejects.toThrow(
      new RegExp(`TOKENHUB_PKCS11_PIN_FILE \\(${pinFile}\\): cannot log into .*: the PIN is wrong`),
    );
    fs.rmSync(path.dirname(pinFile), { recursive: true });
    await expect(start({ TOKENHUB_PKCS11_LIBRARY: undefined })).rejects.toThrow(/the signers of chain 31337 are in a PKCS#11 token: set TOKENHUB_PKCS11_LIBRARY/);
    // Where the optional native addon did not build, this backend says what to do (and the local one runs: below).
    const withoutAddon = { NODE_OPTIONS: `--require ${path.resolve(import.meta.dirname, "..", "helpers", "withoutPkcs11js.cjs")}` };
    await expect(start(withoutAddon)).rejects.toThrow(/TOKENHUB_PKCS11_LIBRARY: the pkcs11 backend needs the npm package pkcs11js, which is not installed or did not build here \(Cannot find module 'pkcs11js'\)\. Install a C\+\+ toolchain/);
  });

  // Apart from the refusals above: six refused starts (1.5 s each) and a whole service's start took 22 s together on a
  // quiet machine, and over a test's 60 s in a loaded full run.
  it("runs the local backend where pkcs11js did not build", async () => {
    const withoutAddon = { NODE_OPTIONS: `--require ${path.resolve(import.meta.dirname, "..", "helpers", "withoutPkcs11js.cjs")}` };
    const local = await startTestService({ env: withoutAddon });
    try {
      await waitFor(async () => (await fetch(`${local.baseUrl}/ready`)).status === 200, { timeoutMs: 60_000, message: () => "the local backend did not come up without pkcs11js" });
    } finally {
      await local.destroy();
    }
  });

  it("mints with the signer whose key is in the token, generated there on first start", async () => {
    const signer = service.signerAddress();
    expect(service.output()).toMatch(new RegExp(`chain 31337's signers in the PKCS#11 token 'tokenhub-test' of .*: hub-signer ${signer}`));
    const created = await call("POST", "/api/v1/erc721/create", { chainId: 31337, name: "Hardware", symbol: "HSM" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const minted = await call("POST", "/api/v1/erc721/mint", {
      chainId: 31337,
      contractAddress: created.body.contractAddress,
      recipientAddress: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
    });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const client = createPublicClient({ transport: http(service.runtime().chains[0]!.rpcUrl[0]) });
    const receipt = await client.waitForTransactionReceipt({ hash: minted.body.transactionHash as Hex, pollingInterval: 100 });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(signer.toLowerCase());
  });

  it("creates cloud keys in the token that sign messages and typed data viem verifies, listed with their customRef", async () => {
    const created = await call("POST", "/api/v1/key/create", { customRef: "hardware-user" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const address = created.body.evmAddress as Address;

    const listed = await call("GET", "/api/v1/key/keys?customRef=hardware-user");
    expect(listed.body.keys).toEqual([{ keyId: created.body.keyId, evmAddress: address, customRef: "hardware-user" }]);

    const message = "signed inside the HSM";
    const signed = await call("POST", "/api/v1/key/sign", { accountAddress: address, message });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(await verifyMessage({ address, message, signature: signed.body.signature as Hex })).toBe(true);

    const typedData = {
      domain: { name: "Ether Mail", version: "1", chainId: 1, verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" as Address },
      types: { Person: [{ name: "name", type: "string" }, { name: "wallet", type: "address" }] },
      primaryType: "Person" as const,
      message: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" as Address },
    };
    const typed = await call("POST", "/api/v1/key/signTypedData", { accountAddress: address, ...typedData });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(await verifyTypedData({ address, signature: typed.body.signature as Hex, ...typedData })).toBe(true);

    // The database holds the key's label in the token, and nothing sealed: there is no copy of it to open.
    const [row] = await queryDatabase<{ pkcs11_label: string; encrypted_private_key: Buffer | null }>(
      service.databaseUrl(),
      "SELECT pkcs11_label, encrypted_private_key FROM tokenhub_app.cloud_keys WHERE address = $1",
      [address],
    );
    expect(row).toEqual({ pkcs11_label: `tokenhub-cloud-${created.body.keyId}`, encrypted_private_key: null });
  });

  it("keeps every private key in the token: not extractable, sensitive, CKA_VALUE refused", () => {
    const keys = privateKeysAsAnotherProgram();
    expect(keys.map((key) => key.label).sort()).toEqual(expect.arrayContaining(["hub-signer", expect.stringMatching(/^tokenhub-cloud-/)]));
    for (const key of keys) expect(key).toEqual({ label: key.label, extractable: 0, sensitive: 1, value: "CKR_ATTRIBUTE_SENSITIVE" });
  });
});
