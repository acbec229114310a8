import { createKeccak } from "hash-wasm";
import type { Address, Hex } from "viem";

/**
 * keccak-256 in WebAssembly (hash-wasm), one instance reused: the indexer derives an account address (three hashes)
 * for every ERC-721 token it indexes, and on this machine a short input hashes in about 1 us here against 5 us with
 * js-sha3 and 18 us with viem's (noble's) keccak. Made once; synchronous after.
 */
const keccak = await createKeccak(256);
function keccak256(bytes: Uint8Array): Uint8Array {
  keccak.init();
  keccak.update(bytes);
  return keccak.digest("binary");
}

/** The ERC-6551 reference registry's account proxy: this, the implementation, this, then the 128-byte footer. */
const PROXY_HEAD = Buffer.from("3d60ad80600a3d3981f3363d3d373d3d3d363d73", "hex");
const PROXY_TAIL = Buffer.from("5af43d82803e903d91602b57fd5bf3", "hex");
const CODE_BYTES = PROXY_HEAD.length + 20 + PROXY_TAIL.length + 4 * 32;
/** 0xff, the registry, the salt, then the code's hash (CREATE2). */
const CREATE2_BYTES = 1 + 20 + 32 + 32;

function writeWord(value: bigint, into: Buffer, at: number): void {
  const hex = value.toString(16);
  if (value < 0n || hex.length > 64) throw new RangeError(`${value} does not fit in 32 bytes`);
  into.write(hex.padStart(64, "0"), at, 32, "hex");
}
const addressBytes = (address: Address) => Buffer.from(address.slice(2), "hex");

/**
 * Per registry, implementation, salt, chain and token contract: the account's code and CREATE2 input with all but the
 * token id (and the code's hash) in place, so that each token writes 32 bytes and hashes. Bounded: reads may ask for
 * any implementation and salt.
 */
const templates = new Map<string, { code: Buffer; create2: Buffer }>();
const MAX_TEMPLATES = 4_096;

type TemplateInput = { registry: Address; implementation: Address; salt: Hex; chainId: number | bigint; tokenContract: Address };
/** The last template asked for: the indexer asks for one contract's, token after token. */
let last: { input: TemplateInput; template: { code: Buffer; create2: Buffer } } | undefined;

function templateFor(input: TemplateInput) {
  if (
    last !== undefined &&
    last.input.tokenContract === input.tokenContract &&
    last.input.registry === input.registry &&
    last.input.implementation === input.implementation &&
    last.input.salt === input.salt &&
    last.input.chainId === input.chainId
  ) {
    return last.template;
  }
  const key = `${input.registry}${input.implementation}${input.salt}${input.chainId}${input.tokenContract}`;
  let template = templates.get(key);
  if (template === undefined) {
    const code = Buffer.alloc(CODE_BYTES);
    let at = PROXY_HEAD.copy(code, 0);
    at += addressBytes(input.implementation).copy(code, at);
    at += PROXY_TAIL.copy(code, at);
    writeWord(BigInt(input.salt), code, at);
    writeWord(BigInt(input.chainId), code, at + 32);
    addressBytes(input.tokenContract).copy(code, at + 64 + 12);
    const create2 = Buffer.alloc(CREATE2_BYTES);
    create2[0] = 0xff;
    addressBytes(input.registry).copy(create2, 1);
    writeWord(BigInt(input.salt), create2, 21);
    if (templates.size >= MAX_TEMPLATES) templates.clear();
    template = { code, create2 };
    templates.set(key, template);
  }
  last = { input: { registry: input.registry, implementation: input.implementation, salt: input.salt, chainId: input.chainId, tokenContract: input.tokenContract }, template };
  return template;
}

/** EIP-55: each letter upper-cased where the keccak of the lowercase address has a nibble of 8 or more. */
function checksummed(lowercase: string): Address {
  const hash = keccak256(Buffer.from(lowercase, "latin1"));
  let out = "0x";
  for (let index = 0; index < 40; index++) {
    const nibble = index % 2 === 0 ? hash[index >> 1]! >> 4 : hash[index >> 1]! & 15;
    out += nibble >= 8 ? lowercase[index]!.toUpperCase() : lowercase[index];
  }
  return out as Address;
}

/**
 * The address the canonical ERC-6551 registry gives (or will give) the account of a token: CREATE2 over the
 * registry's account proxy code with the token's footer, so it is known before the account exists and without RPC.
 */
export function erc6551AccountAddress(input: {
  registry: Address;
  implementation: Address;
  salt: Hex;
  chainId: number | bigint;
  tokenContract: Address;
  tokenId: bigint;
}): Address {
  const { code, create2 } = templateFor(input);
  // Both buffers are the template's: filled and hashed here, synchronously, before any other call can use them.
  writeWord(input.tokenId, code, CODE_BYTES - 32);
  create2.set(keccak256(code), CREATE2_BYTES - 32);
  return checksummed(Buffer.from(keccak256(create2).subarray(12)).toString("hex"));
}
