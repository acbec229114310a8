// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {ContractMetadata} from "./ContractMetadata.sol";

/// @notice Per-token metadata URIs (`{contractURI}/{id}`) and the ERC-4906 events that make indexers refetch them.
/// @dev Declares the ERC-4906 events itself: OpenZeppelin's IERC4906 extends IERC721, which ERC-1155 is not.
abstract contract TokenMetadata is ContractMetadata {
    bytes4 private constant ERC4906_INTERFACE_ID = 0x49064906;

    event MetadataUpdate(uint256 _tokenId);
    event BatchMetadataUpdate(uint256 _fromTokenId, uint256 _toTokenId);

    string private _baseTokenURI;

    function __TokenMetadata_init(string memory metadataRoot) internal onlyInitializing {
        __ContractMetadata_init(metadataRoot);
        _baseTokenURI = string.concat(contractURI(), "/");
    }

    function setBaseURI(string calldata baseURI) external onlyRole(METADATA_ROLE) {
        _baseTokenURI = baseURI;
        emit BatchMetadataUpdate(0, type(uint256).max);
    }

    /// @notice Tells indexers and marketplaces to refetch one token's metadata after it changed off-chain.
    function notifyMetadataUpdate(uint256 tokenId) public virtual onlyRole(METADATA_ROLE) {
        emit MetadataUpdate(tokenId);
    }

    /// @notice Same as notifyMetadataUpdate for an inclusive id range; `(0, type(uint256).max)` = whole collection.
    function notifyBatchMetadataUpdate(uint256 fromTokenId, uint256 toTokenId) external onlyRole(METADATA_ROLE) {
        emit BatchMetadataUpdate(fromTokenId, toTokenId);
    }

    function _tokenURIOf(uint256 tokenId) internal view returns (string memory) {
        return string.concat(_baseTokenURI, Strings.toString(tokenId));
    }

    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == ERC4906_INTERFACE_ID || super.supportsInterface(interfaceId);
    }
}
