import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import solc from "solc";
import type { Abi, Hex } from "viem";

/**
 * Plain OpenZeppelin tokens that anyone may mint and every holder may burn, compiled here with solc-js: tokenhub's own
 * collections have no burn, and tests of past state need burns (they index as external contracts of a chains file).
 * Also a contract that creates an ERC-721 collection through tokenhub's factory, as a contract wallet or a multicall
 * would: the creating transaction is then not a call of the factory.
 */
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {ERC721Burnable, ERC721} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Burnable.sol";
import {ERC20Burnable, ERC20} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {ERC1155Burnable, ERC1155} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Burnable.sol";

contract BurnableNft is ERC721Burnable {
  constructor() ERC721("Burnable", "BRN") {}
  function mint(address to, uint256 id) external { _mint(to, id); }
}
contract BurnableCoin is ERC20Burnable {
  constructor() ERC20("Burnable coin", "BRC") {}
  function mint(address to, uint256 amount) external { _mint(to, amount); }
}
contract BurnableItems is ERC1155Burnable {
  constructor() ERC1155("") {}
  function mint(address to, uint256 id, uint256 amount) external { _mint(to, id, amount, ""); }
}

interface ITokenFactory {
  function createERC721(string calldata name, string calldata symbol, bool transferable, address admin, address[] calldata minters, string calldata metadataRoot) external returns (address);
}
contract CollectionCreator {
  function createERC721(ITokenFactory factory, string calldata name, string calldata symbol) external returns (address) {
    address[] memory minters = new address[](1);
    minters[0] = msg.sender;
    return factory.createERC721(name, symbol, true, msg.sender, minters, "http://localhost/metadata/");
  }
}
`;

export type CompiledContract = { abi: Abi; bytecode: Hex };

export function compileBurnableTokens(): Record<"BurnableNft" | "BurnableCoin" | "BurnableItems" | "CollectionCreator", CompiledContract> {
  const require = createRequire(import.meta.url);
  const openZeppelin = path.dirname(require.resolve("@openzeppelin/contracts/package.json"));
  const input = {
    language: "Solidity",
    sources: { "Burnable.sol": { content: SOURCE } },
    settings: { evmVersion: "cancun", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const findImports = (file: string) => {
    const prefix = "@openzeppelin/contracts/";
    if (!file.startsWith(prefix)) return { error: `not found: ${file}` };
    return { contents: fs.readFileSync(path.join(openZeppelin, file.slice(prefix.length)), "utf8") };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error: { formattedMessage: string }) => error.formattedMessage).join("\n"));
  const contracts = output.contracts["Burnable.sol"];
  const compiled = (name: string): CompiledContract => ({ abi: contracts[name].abi, bytecode: `0x${contracts[name].evm.bytecode.object}` });
  return {
    BurnableNft: compiled("BurnableNft"),
    BurnableCoin: compiled("BurnableCoin"),
    BurnableItems: compiled("BurnableItems"),
    CollectionCreator: compiled("CollectionCreator"),
  };
}
