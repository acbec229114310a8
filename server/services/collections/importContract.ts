import { type Address, createPublicClient, http, keccak256, stringToHex } from "viem";
import { tokenHubERC20Abi, tokenHubERC721Abi } from "../../../abis/index.js";
import type { ChainConfig } from "../../chain/chainsConfig.js";
import { contractVersionOf } from "../../chain/contractGenerations.js";
import { ChainUnavailableError, ForbiddenError, NotFoundError, ValidationError } from "../../errors.js";
import type { StoreDb } from "../../store/database/db.js";
import { findProjectCollection, insertProjectCollection, type ProjectCollection } from "../../store/projectCollections.js";

const MINTER_ROLE = keccak256(stringToHex("MINTER_ROLE"));

/** A view the contract may not implement reads as undefined. */
async function readView<T>(
  client: ReturnType<typeof createPublicClient>,
  abi: typeof tokenHubERC20Abi | typeof tokenHubERC721Abi,
  address: Address,
  functionName: string,
  args: unknown[] = [],
): Promise<T | undefined> {
  try {
    return (await client.readContract({ address, abi, functionName: functionName as "name", args: args as [] })) as T;
  } catch {
    return undefined;
  }
}

/**
 * Claims an external contract listed in the chains file for a project, so the project can mint on it. The service
 * must be able to: a service signer has to hold the contract's minter role already.
 */
export async function importContract(
  db: StoreDb,
  input: { projectId: string; chain: ChainConfig & { rpcUrl: string[] }; address: Address; signerAddresses: readonly Address[] },
): Promise<ProjectCollection> {
  const listed = input.chain.contracts.find((contract) => contract.address.toLowerCase() === input.address.toLowerCase());
  if (!listed) {
    throw new NotFoundError(
      `${input.address} is not listed under chain ${input.chain.name} (${input.chain.id}) in the chains file: add it to "contracts" there (with its kind) and restart, so it is indexed, then import it.`,
    );
  }
  const existing = await findProjectCollection(db, input.chain.id, listed.address);
  if (existing) {
    if (existing.projectId === input.projectId) return existing;
    throw new ValidationError(`${listed.address} on chain ${input.chain.id} already belongs to another project.`);
  }
  const client = createPublicClient({ transport: http(input.chain.rpcUrl[0]) });
  const minters: Address[] = [];
  for (const signer of input.signerAddresses) {
    if (await readView<boolean>(client, tokenHubERC20Abi, listed.address, "hasRole", [MINTER_ROLE, signer])) minters.push(signer);
  }
  if (minters.length === 0) {
    throw new ForbiddenError(
      `No service signer holds MINTER_ROLE on ${listed.address}: grant it to ${input.signerAddresses.join(", ") || "(no signer configured)"} (grantRole(${MINTER_ROLE}, <signer>)) and import again.`,
    );
  }
  const [name, symbol, decimals, transferable, contractVersion] = await Promise.all([
    readView<string>(client, tokenHubERC20Abi, listed.address, "name"),
    readView<string>(client, tokenHubERC20Abi, listed.address, "symbol"),
    listed.kind === "erc20" ? readView<number>(client, tokenHubERC20Abi, listed.address, "decimals") : Promise.resolve(undefined),
    listed.kind === "erc20" ? Promise.resolve(true) : readView<boolean>(client, tokenHubERC721Abi, listed.address, "transferable"),
    contractVersionOf(client, listed.address, listed.kind).catch((error: unknown) => {
      throw new ChainUnavailableError(`Could not read which entry points ${listed.address} has on chain ${input.chain.id}; try again once its RPC answers.`, { cause: error });
    }),
  ]);
  // A wrong guess here would scale every later mint wrongly: no decimals, no import.
  if (listed.kind === "erc20" && decimals === undefined) {
    throw new ChainUnavailableError(`Could not read decimals() of ${listed.address} on chain ${input.chain.id}; try again once its RPC answers.`);
  }
  return await insertProjectCollection(db, {
    chainId: input.chain.id,
    address: listed.address,
    projectId: input.projectId,
    kind: listed.kind,
    source: "imported",
    name: name ?? "",
    symbol: symbol ?? "",
    decimals: listed.kind === "erc20" ? Number(decimals) : null,
    transferable: transferable ?? true,
    contractVersion,
  });
}
