import crypto from "node:crypto";
import { type Address, getAddress, type Hex, type LocalAccount, type TypedDataDefinition, validateTypedData } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { CloudKeyCustody } from "../../custody/cloudKeyCustody.js";
import { KeyCustodyError, openPrivateKey, sealPrivateKey } from "../../custody/envelope.js";
import type { KeyVault } from "../../custody/keyVault.js";
import { NotFoundError, TokenhubError, ValidationError } from "../../errors.js";
import { type CloudKeyRow, findProjectCloudKey, insertCloudKey, listProjectCloudKeys, lockCloudKeyMasterId, sealedKeyOf } from "../../store/cloudKeys.js";
import type { StoreDb } from "../../store/database/db.js";
import { encodePageKey, pageStart } from "../../schemas/pageKey.js";
import type { Page } from "../tokens/owners.js";

/** `keyId` is stable (the key's record id); `customRef` is the caller's own, and need not be unique. */
export type CloudKey = { keyId: string; evmAddress: Address; customRef: string | null };

/**
 * A new key for the project: generated in the PKCS#11 token when the cloud keys are there, else generated here and
 * sealed at once (server/custody/envelope.ts); only its address ever leaves. With `chatId`, the address is linked to
 * that chat user in the same transaction.
 */
export async function createCloudKey(
  db: StoreDb,
  custody: CloudKeyCustody,
  projectId: string,
  input: { customRef?: string; chatId?: string },
): Promise<{ success: true } & CloudKey> {
  const keyId = crypto.randomUUID();
  const customRef = input.customRef ?? null;
  if (custody.newKeys === "pkcs11") {
    const label = `tokenhub-cloud-${keyId}`;
    const address = await custody.generateInToken(label);
    await db.transaction((tx) => insertCloudKey(tx, { id: keyId, projectId, address, customRef, custody: { pkcs11Label: label }, chatId: input.chatId }));
    return { success: true, keyId, evmAddress: address, customRef };
  }
  const privateKey = generatePrivateKey();
  const address = privateKeyToAccount(privateKey).address;
  let master = custody.current();
  await db.transaction(async (tx) => {
    const recordedId = await lockCloudKeyMasterId(tx, "share", master.id);
    // A rotation may have replaced the master key since this process loaded it; never seal with a retired one.
    if (recordedId !== master.id) master = custody.withId(recordedId);
    await insertCloudKey(tx, { id: keyId, projectId, address, customRef, custody: sealPrivateKey(master, address, privateKey), chatId: input.chatId });
  });
  return { success: true, keyId, evmAddress: address, customRef };
}

export async function listCloudKeys(
  db: StoreDb,
  projectId: string,
  query: { customRef?: string; page: number; pageSize: number; pageKey?: string[] },
): Promise<Page<CloudKey> & { nextPageKey: string | null }> {
  const { offset } = pageStart(query);
  const after = query.pageKey === undefined ? undefined : { createdAt: query.pageKey[0]!, id: query.pageKey[1]! };
  const rows = await listProjectCloudKeys(db, projectId, { customRef: query.customRef, offset, limit: query.pageSize + 1, after });
  const more = rows.length > query.pageSize;
  const last = rows[query.pageSize - 1];
  return {
    items: rows.slice(0, query.pageSize).map((row) => ({ keyId: row.id, evmAddress: getAddress(row.address), customRef: row.customRef })),
    nextPage: more ? query.page + 1 : null,
    nextPageKey: more && last ? encodePageKey([last.createdAt, last.id]) : null,
  };
}

/** The signer of a project's key (unsealed for this use only, or in the token); undefined when the project holds no such key. */
export async function findProjectKeySigner(db: StoreDb, custody: CloudKeyCustody, projectId: string, address: Address): Promise<LocalAccount | undefined> {
  const row = await findProjectCloudKey(db, projectId, address);
  if (row === undefined) return undefined;
  return row.pkcs11Label !== null ? await custody.tokenAccount(row.pkcs11Label, getAddress(row.address)) : unseal(custody, row);
}

function unseal(vault: KeyVault, row: CloudKeyRow): LocalAccount {
  const address = getAddress(row.address);
  const sealed = sealedKeyOf(row);
  const account = privateKeyToAccount(openPrivateKey(vault.withId(sealed.masterKeyId), address, sealed));
  if (account.address !== address) throw new KeyCustodyError(`The stored key of ${address} opens to another address.`);
  return account;
}

async function requireProjectKeySigner(db: StoreDb, custody: CloudKeyCustody, projectId: string, address: Address): Promise<LocalAccount> {
  const signer = await findProjectKeySigner(db, custody, projectId, address);
  if (!signer) throw new NotFoundError(`No cloud key ${address} in this project; GET /api/v1/key/keys lists them.`);
  return signer;
}

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

/** EIP-191 (`personal_sign`): a 0x-hex message is signed as its bytes, anything else as UTF-8 text. */
export async function signMessageWithCloudKey(
  db: StoreDb,
  custody: CloudKeyCustody,
  projectId: string,
  input: { accountAddress: Address; message: string },
): Promise<{ success: true; signature: Hex; message: string }> {
  const signer = await requireProjectKeySigner(db, custody, projectId, input.accountAddress);
  const signature = await signer.signMessage({ message: HEX_BYTES.test(input.message) ? { raw: input.message as Hex } : input.message });
  return { success: true, signature, message: input.message };
}

export type TypedDataInput = {
  domain?: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  primaryType?: string;
  message: Record<string, unknown>;
};

/** EIP-712. Without `primaryType` (ethers' form), it is the one struct no other struct refers to. */
export async function signTypedDataWithCloudKey(
  db: StoreDb,
  custody: CloudKeyCustody,
  projectId: string,
  input: { accountAddress: Address } & TypedDataInput,
): Promise<{ success: true; signature: Hex }> {
  const definition = typedDataDefinition(input);
  const signer = await requireProjectKeySigner(db, custody, projectId, input.accountAddress);
  try {
    return { success: true, signature: await signer.signTypedData(definition) };
  } catch (error) {
    // A token that cannot sign says so; otherwise what fails here is encoding the message against its types.
    if (error instanceof TokenhubError) throw error;
    throw new ValidationError(`The typed data cannot be encoded: ${viemReason(error)}`);
  }
}

function typedDataDefinition(input: TypedDataInput): TypedDataDefinition {
  const structs = Object.keys(input.types).filter((name) => name !== "EIP712Domain");
  let primaryType = input.primaryType;
  if (primaryType === undefined) {
    const referenced = new Set(Object.values(input.types).flatMap((fields) => fields.map((field) => field.type.replace(/(\[\d*\])+$/, ""))));
    const roots = structs.filter((name) => !referenced.has(name));
    if (roots.length !== 1) {
      throw new ValidationError(`Give primaryType: the types do not have exactly one root struct (found ${roots.join(", ") || "none"}).`, [
        { path: "primaryType", message: "is required for these types" },
      ]);
    }
    primaryType = roots[0]!;
  }
  if (!(primaryType in input.types)) {
    throw new ValidationError(`primaryType ${primaryType} is not one of the types.`, [{ path: "primaryType", message: "must name one of types" }]);
  }
  const definition = { domain: input.domain ?? {}, types: input.types, primaryType, message: input.message } as unknown as TypedDataDefinition;
  try {
    validateTypedData(definition);
  } catch (error) {
    throw new ValidationError(`The typed data is not valid EIP-712: ${viemReason(error)}`);
  }
  return definition;
}

function viemReason(error: unknown): string {
  return (error as { shortMessage?: string }).shortMessage ?? (error as Error).message.split("\n")[0]!;
}
