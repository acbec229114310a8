// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev The batch mint entry points of tokenhub's second generation, declared through ERC-165 so that a service can
/// tell a collection that has them from a first-generation one (which answers false) before joining mints into one.
interface ITokenHubERC20BatchMint {
    function mintToMany(address[] calldata to, uint256[] calldata amounts) external;
}

interface ITokenHubERC721BatchMint {
    function mintToMany(address[] calldata to) external returns (uint256 firstTokenId);
}

interface ITokenHubERC1155BatchMint {
    function mintBatch(address[] calldata to, uint256[] calldata ids, uint256[] calldata amounts) external;
}
