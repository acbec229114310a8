// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {CollectionRoles} from "./CollectionRoles.sol";

/// @notice ERC-7572 collection-level metadata, served by tokenhub at `{root}{chainId}/{address}`.
abstract contract ContractMetadata is CollectionRoles {
    event ContractURIUpdated();

    string private _contractURI;

    /// @param metadataRoot e.g. "http://localhost:42069/metadata/"; the address is lowercase hex so the URL is
    /// stable whatever checksum casing a client uses.
    function __ContractMetadata_init(string memory metadataRoot) internal onlyInitializing {
        _contractURI = string.concat(
            metadataRoot, Strings.toString(block.chainid), "/", Strings.toHexString(address(this))
        );
    }

    function contractURI() public view returns (string memory) {
        return _contractURI;
    }

    function setContractURI(string calldata newContractURI) external onlyRole(METADATA_ROLE) {
        _contractURI = newContractURI;
        emit ContractURIUpdated();
    }

    /// @notice Tells indexers and marketplaces to refetch the collection metadata after it changed off-chain.
    function notifyContractURIUpdate() external onlyRole(METADATA_ROLE) {
        emit ContractURIUpdated();
    }
}
