import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getBytes, verifyMessage as ethersVerifyMessage, verifyTypedData as ethersVerifyTypedData } from "ethers";
import { type Address, getAddress, type Hex, verifyMessage, verifyTypedData } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeyCustodyError } from "../../server/custody/envelope.js";
import { localMasterKeyFile, parseMasterKey, readMasterKeyFile } from "../../server/custody/masterKey.js";
import { startTestService, type TestService } from "../helpers/service.js";
import { waitFor } from "../helpers/waitFor.js";
import { dumpDatabase, openRow, serviceLogs, spellings, storedKeys } from "./custody.js";

let service: TestService;
let rivalToken: string;

type Response = { status: number; body: Record<string, unknown> };

async function call(method: "GET" | "POST", pathAndQuery: string, body?: unknown, token = service.adminToken): Promise<Response> {
  const response = await fetch(`${service.baseUrl}${pathAndQuery}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const post = (p: string, body: unknown, token?: string) => call("POST", p, body, token);
const get = (p: string, token?: string) => call("GET", p, undefined, token);

/** The keyId each key created here was answered with, by address. */
const keyIds = new Map<string, string>();

async function createKey(body: Record<string, unknown> = {}): Promise<Address> {
  const created = await post("/api/v1/key/create", body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  keyIds.set(created.body.evmAddress as string, created.body.keyId as string);
  return created.body.evmAddress as Address;
}
const listed = (evmAddress: Address, customRef: string | null) => ({ keyId: keyIds.get(evmAddress), evmAddress, customRef });

const MAIL = {
  domain: { name: "Ether Mail", version: "1", chainId: 1, verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" },
  types: {
    Person: [
      { name: "name", type: "string" },
      { name: "wallet", type: "address" },
    ],
    Mail: [
      { name: "from", type: "Person" },
      { name: "to", type: "Person[]" },
      { name: "contents", type: "string" },
      { name: "amount", type: "uint256" },
    ],
  },
  message: {
    from: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
    to: [{ name: "Bob", wallet: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" }],
    contents: "Hello, Bob!",
    amount: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
  },
};

beforeAll(async () => {
  service = await startTestService({ env: { TOKENHUB_LOG_FORMAT: "json" } });
  expect((await service.cli(["project", "create", "rival"])).code).toBe(0);
  const issued = await service.cli(["token", "create", "--project", "rival", "--scopes", "keys,accounts,read"]);
  rivalToken = issued.stdout.trim().split("\n").at(-1)!.trim();
});

afterAll(async () => {
  await service?.destroy();
});

describe("cloud keys", () => {
  it("creates keys that list by creation time, filter by customRef, and belong to their project only", async () => {
    const first = await createKey({ customRef: "alice" });
    const second = await createKey();
    const third = await createKey({ customRef: "alice" });
    expect(new Set([first, second, third]).size).toBe(3);
    expect(first).toBe(getAddress(first));

    const all = await get("/api/v1/key/keys");
    expect(all).toEqual({
      status: 200,
      body: {
        success: true,
        keys: [listed(first, "alice"), listed(second, null), listed(third, "alice")],
        page: 0,
        nextPage: null,
        nextPageKey: null,
      },
    });
    expect((await get("/api/v1/key/keys?customRef=alice")).body.keys).toEqual([listed(first, "alice"), listed(third, "alice")]);
    expect((await get("/api/v1/key/keys?customRef=nobody")).body.keys).toEqual([]);
    expect((await get("/api/v1/key/keys?page=1")).body).toEqual({ success: true, keys: [], page: 1, nextPage: null, nextPageKey: null });

    expect((await get("/api/v1/key/keys?customRef=alice", rivalToken)).body.keys).toEqual([]);
    expect(await post("/api/v1/key/sign", { accountAddress: first, message: "mine now" }, rivalToken)).toEqual({
      status: 404,
      body: { success: false, error: `No cloud key ${first} in this project; GET /api/v1/key/keys lists them.`, code: "NOT_FOUND" },
    });
    expect((await post("/api/v1/key/signTypedData", { accountAddress: first, ...MAIL }, rivalToken)).status).toBe(404);
  });

  it("signs text as UTF-8 and 0x-hex as bytes with EIP-191, verified by ethers and by viem", async () => {
    const key = await createKey();
    const text = "Sign in to tokenhub ✓";
    const signedText = await post("/api/v1/key/sign", { accountAddress: key.toLowerCase(), message: text });
    expect(signedText).toEqual({ status: 200, body: { success: true, signature: expect.stringMatching(/^0x[0-9a-f]{130}$/), message: text } });
    const textSignature = signedText.body.signature as Hex;
    expect(ethersVerifyMessage(text, textSignature)).toBe(key);
    expect(await verifyMessage({ address: key, message: text, signature: textSignature })).toBe(true);

    const bytes = "0xdeadbeef00ff";
    const signedBytes = await post("/api/v1/key/sign", { accountAddress: key, message: bytes });
    expect(signedBytes.body).toEqual({ success: true, signature: expect.stringMatching(/^0x[0-9a-f]{130}$/), message: bytes });
    const bytesSignature = signedBytes.body.signature as Hex;
    expect(ethersVerifyMessage(getBytes(bytes), bytesSignature)).toBe(key);
    expect(await verifyMessage({ address: key, message: { raw: bytes }, signature: bytesSignature })).toBe(true);
    // Signed as bytes, not as the 14 characters of its text.
    expect(ethersVerifyMessage(bytes, bytesSignature)).not.toBe(key);
  });

  it("signs EIP-712 typed data, verified by ethers and by viem, with or without primaryType", async () => {
    const key = await createKey();
    const signed = await post("/api/v1/key/signTypedData", { accountAddress: key, ...MAIL, primaryType: "Mail" });
    expect(signed).toEqual({ status: 200, body: { success: true, signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) } });
    const signature = signed.body.signature as Hex;
    expect(ethersVerifyTypedData(MAIL.domain, MAIL.types, MAIL.message, signature)).toBe(key);
    expect(
      await verifyTypedData({ address: key, domain: { ...MAIL.domain, verifyingContract: MAIL.domain.verifyingContract as Address }, types: MAIL.types, primaryType: "Mail", message: { ...MAIL.message, amount: BigInt(MAIL.message.amount) } as never, signature }),
    ).toBe(true);

    // ethers' form has no primaryType: the struct nothing refers to is the one signed.
    const ethersForm = await post("/api/v1/key/signTypedData", { accountAddress: key, ...MAIL });
    expect(ethersVerifyTypedData(MAIL.domain, MAIL.types, MAIL.message, ethersForm.body.signature as string)).toBe(key);
  });

  it("answers bad input with a 4xx naming the problem", async () => {
    const key = await createKey();
    expect(await post("/api/v1/key/sign", { message: "hello" })).toEqual({
      status: 400,
      body: { success: false, error: "Invalid body: accountAddress: is required.", code: "VALIDATION_ERROR", details: [{ path: "accountAddress", message: "is required" }] },
    });
    expect(await post("/api/v1/key/sign", { accountAddress: key })).toEqual({
      status: 400,
      body: { success: false, error: "Invalid body: message: is required.", code: "VALIDATION_ERROR", details: [{ path: "message", message: "is required" }] },
    });
    expect((await post("/api/v1/key/sign", { accountAddress: "0x1234", message: "x" })).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "accountAddress" }] });
    const unknown = getAddress(`0x${"ab".repeat(20)}`);
    expect(await post("/api/v1/key/sign", { accountAddress: unknown, message: "x" })).toEqual({
      status: 404,
      body: { success: false, error: `No cloud key ${unknown} in this project; GET /api/v1/key/keys lists them.`, code: "NOT_FOUND" },
    });
    const wrongValue = await post("/api/v1/key/signTypedData", { accountAddress: key, ...MAIL, message: { ...MAIL.message, from: { name: "Cow", wallet: "0x12" } } });
    expect(wrongValue.status).toBe(400);
    expect(wrongValue.body).toMatchObject({ success: false, code: "VALIDATION_ERROR", error: expect.stringContaining("0x12") });
    const noRoot = await post("/api/v1/key/signTypedData", { accountAddress: key, domain: {}, types: { A: [{ name: "b", type: "B" }], B: [{ name: "a", type: "A" }] }, message: {} });
    expect(noRoot.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "primaryType", message: "is required for these types" }] });
    expect((await post("/api/v1/key/create", { customRef: "" })).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "customRef" }] });
    expect((await post("/api/v1/key/create", { chatId: "me" })).body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "chatId" }] });
    expect((await get("/api/v1/key/keys?page=-1")).status).toBe(400);
  });

  it("links a key created with chatId to that chat user for the tokens query", async () => {
    const key = await createKey({ chatId: 4242424242 });
    const other = await createKey();
    const created = await post("/api/v1/erc721/create", { chainId: 31337, name: "Badges", symbol: "BDG" });
    const collection = created.body.contractAddress as Address;
    for (const recipient of [key, other]) {
      const minted = await post("/api/v1/erc721/mint", { chainId: 31337, contractAddress: collection, recipientAddress: recipient });
      expect(minted.status).toBe(200);
    }
    const tokens = await waitFor(async () => {
      const response = await get(`/api/v1/erc721/tokens?chainId=31337&contractAddress=${collection}&chatId=4242424242`);
      return response.status === 200 && (response.body.tokens as unknown[]).length > 0 ? response.body.tokens : undefined;
    });
    expect(tokens).toEqual([expect.objectContaining({ tokenId: "1", ownerAddress: key })]);
  });
});

describe("custody", () => {
  it("stores no private key in any table or log line, only ciphertext the master key opens", async () => {
    const master = readMasterKeyFile(localMasterKeyFile(service.dataDir));
    expect(fs.statSync(localMasterKeyFile(service.dataDir)).mode & 0o777).toBe(0o600);
    expect(service.output()).toContain(`generated the cloud keys' master key in ${localMasterKeyFile(service.dataDir)} (owner-only): BACK IT UP`);
    const rows = await storedKeys(service);
    const listed = await get("/api/v1/key/keys");
    expect(rows.length).toBeGreaterThanOrEqual(6);

    const privateKeys = rows.map((row) => {
      const privateKey = openRow(master, row);
      expect(privateKeyToAccount(privateKey).address).toBe(getAddress(row.address));
      return privateKey;
    });
    expect((listed.body.keys as { evmAddress: string }[]).map((key) => key.evmAddress)).toEqual(
      expect.arrayContaining(privateKeys.map((key) => privateKeyToAccount(key).address).slice(0, 3)),
    );

    const dump = await dumpDatabase(service);
    expect(dump.tables).toEqual(expect.arrayContaining(["tokenhub_app.cloud_keys", "tokenhub_app.idempotency_keys", "tokenhub_app.transactions"]));
    expect(dump.text).toContain(rows[0]!.address);
    const logs = serviceLogs(service);
    expect(logs).toContain('"path":"/api/v1/key/sign"');
    for (const privateKey of privateKeys) {
      for (const spelling of spellings(privateKey)) {
        expect(dump.text.includes(spelling), `a spelling of a private key is in the database`).toBe(false);
        expect(logs.includes(spelling), `a spelling of a private key is in the logs`).toBe(false);
      }
    }

    const wrong = parseMasterKey(crypto.randomBytes(32).toString("hex"), "test");
    expect(() => openRow(wrong, rows[0]!)).toThrow(KeyCustodyError);
    // Even claiming the right id, another key fails GCM authentication.
    expect(() => openRow({ ...wrong, id: master.id }, rows[0]!)).toThrow("does not open with this master key");
  });

  it("rotates the master key without touching the sealed private keys; every key still signs; the old key opens nothing", async () => {
    const before = await storedKeys(service);
    const oldMaster = readMasterKeyFile(localMasterKeyFile(service.dataDir));
    const newKeyFile = path.join(service.dataDir, "next-master.key");
    const generated = await service.cli(["master-key", "generate", newKeyFile]);
    expect(generated.code).toBe(0);
    expect(fs.statSync(newKeyFile).mode & 0o777).toBe(0o600);
    const newMaster = readMasterKeyFile(newKeyFile);

    const rotated = await service.cli(["master-key", "rotate", "--new-key-file", newKeyFile]);
    expect(rotated.stderr).toBe("");
    expect(rotated.stdout).toContain(`Re-wrapped ${before.length} cloud keys from master key ${oldMaster.id} to ${newMaster.id}.`);
    expect(readMasterKeyFile(localMasterKeyFile(service.dataDir)).id).toBe(newMaster.id);

    const after = await storedKeys(service);
    expect(after.map((row) => row.address)).toEqual(before.map((row) => row.address));
    after.forEach((row, index) => {
      expect(row.encrypted_private_key.equals(before[index]!.encrypted_private_key)).toBe(true);
      expect(row.wrapped_data_key.equals(before[index]!.wrapped_data_key)).toBe(false);
      expect(row.master_key_id).toBe(newMaster.id);
      expect(openRow(newMaster, row)).toBe(openRow(oldMaster, before[index]!));
      expect(() => openRow({ ...oldMaster, id: newMaster.id }, row)).toThrow(KeyCustodyError);
    });

    const signAll = async () => {
      for (const row of after) {
        const address = getAddress(row.address);
        const signed = await post("/api/v1/key/sign", { accountAddress: address, message: "after rotation" });
        expect(signed.status, JSON.stringify(signed.body)).toBe(200);
        expect(ethersVerifyMessage("after rotation", signed.body.signature as string)).toBe(address);
      }
    };
    // The running service reads the rotated key file at its next use of a key: no restart needed.
    await signAll();
    const fresh = await createKey();
    expect((await storedKeys(service)).find((row) => getAddress(row.address) === fresh)?.master_key_id).toBe(newMaster.id);

    await service.stop();
    await service.start();
    await signAll();
  });

  it("refuses to start with a master key that is not the one the keys are wrapped with", async () => {
    const current = readMasterKeyFile(localMasterKeyFile(service.dataDir));
    await service.stop();
    const wrong = crypto.randomBytes(32).toString("hex");
    service.env.TOKENHUB_MASTER_KEY = wrong;
    const failed = await service.start().then(
      () => "started",
      (error: Error) => error.message,
    );
    delete service.env.TOKENHUB_MASTER_KEY;
    expect(failed).toContain(`The cloud keys in the database are wrapped with master key ${current.id}, not with the configured one (${parseMasterKey(wrong, "x").id}, from TOKENHUB_MASTER_KEY).`);
    expect(failed).not.toContain(wrong);
    await service.start();
    const [key] = (await get("/api/v1/key/keys")).body.keys as { evmAddress: string }[];
    expect((await post("/api/v1/key/sign", { accountAddress: key!.evmAddress, message: "back" })).status).toBe(200);
  });
});
