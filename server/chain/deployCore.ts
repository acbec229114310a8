import {
  concat,
  encodeAbiParameters,
  getContractAddress,
  keccak256,
  stringToHex,
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type Hex,
  type Transport,
} from "viem";
import { estimateFeesPerGas, estimateGas, getBlockNumber, getCode, sendTransaction, waitForTransactionReceipt } from "viem/actions";
import {
  erc6551RegistryInitCode,
  tokenFactoryBytecode,
  tokenFactoryV1Bytecode,
  tokenFactoryV2Bytecode,
  tokenHubAccountBytecode,
  tokenHubERC1155Bytecode,
  tokenHubERC1155V1Bytecode,
  tokenHubERC1155V2Bytecode,
  tokenHubERC20Bytecode,
  tokenHubERC20V1Bytecode,
  tokenHubERC20V2Bytecode,
  tokenHubERC721Bytecode,
  tokenHubERC721V1Bytecode,
  tokenHubERC721V2Bytecode,
} from "../../abis/index.js";

/** The deterministic deployment proxy (Arachnid's), present on most chains and on anvil unless forking. */
export const CREATE2_DEPLOYER: Address = "0x4e59b44847b379578588920cA78FbF26c0B4956C";
export const ERC6551_REGISTRY: Address = "0x000000006551c19487814612e58FE06813775758";
/** The salt the canonical registry was deployed with; with its published init code it gives ERC6551_REGISTRY. */
export const ERC6551_REGISTRY_SALT: Hex = "0x0000000000000000000000000000000000000000fd8eb4e1dca713016c518e31";
/** Our contracts share one salt: their init codes differ, and the same code gets the same address on every chain. */
export const CORE_SALT: Hex = keccak256(stringToHex("tokenhub.core"));

export type CoreAddresses = {
  erc6551Registry: Address;
  accountImplementation: Address;
  erc20Implementation: Address;
  erc721Implementation: Address;
  erc1155Implementation: Address;
  tokenFactory: Address;
};

export type CoreContractName = keyof CoreAddresses;

export type DeployCoreReturnType = {
  addresses: CoreAddresses;
  /** The contracts this call deployed, in deployment order; empty when all were already there. */
  deployed: CoreContractName[];
  /** The block each contract this call deployed is in. */
  blocks: Partial<Record<CoreContractName, bigint>>;
};

/** What deployCore tells as it goes: a transaction sent, then mined. */
export type CoreDeploymentProgress =
  | { step: "sent"; contract: CoreContractName; address: Address; transactionHash: Hash }
  | { step: "mined"; contract: CoreContractName; address: Address; blockNumber: bigint };

/** What deploying the missing core contracts would take: their gas, and its cost at the chain's fees now. */
export type CoreDeploymentEstimate = { missing: CoreContractName[]; gas: bigint; cost: bigint };

export class Create2DeployerMissingError extends Error {
  override name = "Create2DeployerMissingError";
  constructor(readonly chainId: number | undefined) {
    super(
      `The CREATE2 deployer ${CREATE2_DEPLOYER} has no code on chain ${chainId ?? "(unknown)"}: ` +
        "deploy it first (https://github.com/Arachnid/deterministic-deployment-proxy).",
    );
  }
}

export class CoreDeploymentFailedError extends Error {
  override name = "CoreDeploymentFailedError";
  constructor(
    readonly contract: CoreContractName,
    readonly details: { address: Address; transactionHash: Hash },
  ) {
    super(`Deploying ${contract} to ${details.address} failed in transaction ${details.transactionHash}`);
  }
}

type CoreDeployment = { name: CoreContractName; salt: Hex; initCode: Hex };

type Generation = { erc20: Hex; erc721: Hex; erc1155: Hex; factory: Hex };

/** The token contracts this code creates collections from (generation 3: contracts/*.sol). */
const CURRENT_GENERATION: Generation = {
  erc20: tokenHubERC20Bytecode,
  erc721: tokenHubERC721Bytecode,
  erc1155: tokenHubERC1155Bytecode,
  factory: tokenFactoryBytecode,
};

/** A generation before the current one, whose bytecode is kept as it was deployed (contracts/v1, contracts/v2). */
export type EarlierGeneration = 1 | 2;

/**
 * Generations 1 and 2, as every installation before the next one deployed them. Nothing deploys them any more, but
 * the collections created from them live on: their factories are indexed, and tests reproduce an old installation.
 */
const EARLIER_GENERATIONS: Record<EarlierGeneration, Generation> = {
  1: { erc20: tokenHubERC20V1Bytecode, erc721: tokenHubERC721V1Bytecode, erc1155: tokenHubERC1155V1Bytecode, factory: tokenFactoryV1Bytecode },
  2: { erc20: tokenHubERC20V2Bytecode, erc721: tokenHubERC721V2Bytecode, erc1155: tokenHubERC1155V2Bytecode, factory: tokenFactoryV2Bytecode },
};

export const EARLIER_GENERATION_NUMBERS: readonly EarlierGeneration[] = [1, 2];

/** In deployment order; the factory's init code embeds the implementations' predicted addresses. */
function tokenDeployments(generation: Generation): CoreDeployment[] {
  const erc20 = { name: "erc20Implementation", salt: CORE_SALT, initCode: generation.erc20 } as const;
  const erc721 = { name: "erc721Implementation", salt: CORE_SALT, initCode: generation.erc721 } as const;
  const erc1155 = { name: "erc1155Implementation", salt: CORE_SALT, initCode: generation.erc1155 } as const;
  const factoryArguments = encodeAbiParameters(
    [{ type: "address" }, { type: "address" }, { type: "address" }],
    [create2Address(erc20), create2Address(erc721), create2Address(erc1155)],
  );
  return [erc20, erc721, erc1155, { name: "tokenFactory", salt: CORE_SALT, initCode: concat([generation.factory, factoryArguments]) }];
}

function coreDeployments(): CoreDeployment[] {
  return [
    { name: "erc6551Registry", salt: ERC6551_REGISTRY_SALT, initCode: erc6551RegistryInitCode },
    { name: "accountImplementation", salt: CORE_SALT, initCode: tokenHubAccountBytecode },
    ...tokenDeployments(CURRENT_GENERATION),
  ];
}

function create2Address({ salt, initCode }: CoreDeployment): Address {
  return getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER, salt, bytecode: initCode });
}

function addressesOf(deployments: CoreDeployment[]): CoreAddresses {
  return Object.fromEntries(deployments.map((deployment) => [deployment.name, create2Address(deployment)])) as CoreAddresses;
}

/** Where the core contracts live on any chain where they were deployed through the CREATE2 deployer. */
export function predictCoreAddresses(): CoreAddresses {
  return addressesOf(coreDeployments());
}

export type GenerationAddresses = Pick<CoreAddresses, "erc20Implementation" | "erc721Implementation" | "erc1155Implementation" | "tokenFactory">;

/** Where an earlier generation's implementations and factory live wherever tokenhub deployed it. */
export function predictGenerationAddresses(generation: EarlierGeneration): GenerationAddresses {
  return addressesOf(tokenDeployments(EARLIER_GENERATIONS[generation])) as GenerationAddresses;
}

/**
 * Deploys whichever core contracts are missing on the client's chain, one CREATE2 deployer transaction each, waiting
 * for every receipt. Idempotent: a second call deploys nothing.
 *
 * @example
 * const { addresses, deployed } = await deployCore(walletClient, serviceAccount);
 */
export async function deployCore(
  client: Client<Transport, Chain | undefined>,
  account: Account | Address,
  options: { onProgress?: (progress: CoreDeploymentProgress) => void } = {},
): Promise<DeployCoreReturnType> {
  const deployments = coreDeployments();
  const { deployed, blocks } = await deployMissing(client, account, deployments, options.onProgress);
  return { addresses: addressesOf(deployments), deployed, blocks };
}

/**
 * The core contracts missing on the client's chain, with the gas their deployment takes and its cost at the fees
 * the chain asks now (maxFeePerGas: the most each unit may cost): what the signer needs before it sends anything.
 */
export async function estimateCoreDeployment(client: Client<Transport, Chain | undefined>, account: Account | Address): Promise<CoreDeploymentEstimate> {
  const deployments = coreDeployments();
  const missing = await missingOf(client, deployments);
  if (missing.length === 0) return { missing: [], gas: 0n, cost: 0n };
  if (!(await hasCode(client, CREATE2_DEPLOYER))) throw new Create2DeployerMissingError(client.chain?.id);
  let gas = 0n;
  for (const deployment of missing) {
    gas += await estimateGas(client, { account, to: CREATE2_DEPLOYER, data: concat([deployment.salt, deployment.initCode]) });
  }
  const { maxFeePerGas } = await estimateFeesPerGas(client, { chain: client.chain ?? null });
  return { missing: missing.map((deployment) => deployment.name), gas, cost: gas * maxFeePerGas };
}

/**
 * The block a contract was deployed in, found by asking for its code at past blocks (a binary search: about 25 calls
 * on a chain of tens of millions of blocks; the RPC must serve past state, as archive nodes and hosted RPCs do).
 * Undefined when it has no code now.
 */
export async function findDeploymentBlock(client: Client<Transport, Chain | undefined>, address: Address): Promise<bigint | undefined> {
  let high = await getBlockNumber(client, { cacheTime: 0 });
  if (!(await hasCode(client, address, high))) return undefined;
  let low = 0n;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (await hasCode(client, address, middle)) high = middle;
    else low = middle + 1n;
  }
  return low;
}

/**
 * Deploys an earlier generation (and the registry and account implementation every generation came with) as an
 * installation from before the next one had it: how tests and benchmarks reproduce collections created before an
 * upgrade.
 */
export async function deployGeneration(
  client: Client<Transport, Chain | undefined>,
  account: Account | Address,
  generation: EarlierGeneration,
): Promise<GenerationAddresses> {
  const deployments = tokenDeployments(EARLIER_GENERATIONS[generation]);
  await deployMissing(client, account, [...coreDeployments().slice(0, 2), ...deployments]);
  return addressesOf(deployments) as GenerationAddresses;
}

async function missingOf(client: Client<Transport, Chain | undefined>, deployments: CoreDeployment[]): Promise<CoreDeployment[]> {
  const addresses = addressesOf(deployments);
  const missing: CoreDeployment[] = [];
  for (const deployment of deployments) {
    if (!(await hasCode(client, addresses[deployment.name]))) missing.push(deployment);
  }
  return missing;
}

async function deployMissing(
  client: Client<Transport, Chain | undefined>,
  account: Account | Address,
  deployments: CoreDeployment[],
  onProgress?: (progress: CoreDeploymentProgress) => void,
): Promise<{ deployed: CoreContractName[]; blocks: Partial<Record<CoreContractName, bigint>> }> {
  const addresses = addressesOf(deployments);
  const missing = await missingOf(client, deployments);
  if (missing.length > 0 && !(await hasCode(client, CREATE2_DEPLOYER))) {
    throw new Create2DeployerMissingError(client.chain?.id);
  }

  const blocks: Partial<Record<CoreContractName, bigint>> = {};
  for (const deployment of missing) {
    const address = addresses[deployment.name];
    const transactionHash = await sendTransaction(client, {
      account,
      chain: client.chain,
      to: CREATE2_DEPLOYER,
      data: concat([deployment.salt, deployment.initCode]),
    });
    onProgress?.({ step: "sent", contract: deployment.name, address, transactionHash });
    const receipt = await waitForTransactionReceipt(client, { hash: transactionHash });
    if (receipt.status !== "success" || !(await hasCode(client, address))) {
      throw new CoreDeploymentFailedError(deployment.name, { address, transactionHash });
    }
    blocks[deployment.name] = receipt.blockNumber;
    onProgress?.({ step: "mined", contract: deployment.name, address, blockNumber: receipt.blockNumber });
  }
  return { deployed: missing.map((deployment) => deployment.name), blocks };
}

async function hasCode(client: Client, address: Address, blockNumber?: bigint): Promise<boolean> {
  const code = await getCode(client, blockNumber === undefined ? { address } : { address, blockNumber });
  return code !== undefined && code !== "0x";
}
