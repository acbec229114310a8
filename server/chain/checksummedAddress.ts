import { type Address, getAddress } from "viem";

/** How many addresses are remembered before the memory starts again (about 200 bytes each). */
const REMEMBERED = 100_000;
const remembered = new Map<string, Address>();

/**
 * An address in its EIP-55 form, remembered by the text it was given in (the index stores addresses lowercase, so a
 * read checksums the same owners at every request). viem's own cache holds 8,192 addresses and reorders itself on
 * every hit: a collection of more owners than that missed it and hashed again at each read, and a hit still cost
 * more than a lookup here.
 */
export function checksummedAddress(address: string): Address {
  let checksummed = remembered.get(address);
  if (checksummed === undefined) {
    checksummed = getAddress(address);
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(address, checksummed);
  }
  return checksummed;
}
