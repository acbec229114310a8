// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev The canonical ERC-6551 registry's interface, as published in the EIP. Compiled only for its ABI: the
/// registry itself is deployed from the published init code in erc6551-registry.initcode.hex.
interface IERC6551Registry {
    event ERC6551AccountCreated(
        address account,
        address indexed implementation,
        bytes32 salt,
        uint256 chainId,
        address indexed tokenContract,
        uint256 indexed tokenId
    );

    error AccountCreationFailed();

    function createAccount(
        address implementation,
        bytes32 salt,
        uint256 chainId,
        address tokenContract,
        uint256 tokenId
    ) external returns (address account);

    function account(address implementation, bytes32 salt, uint256 chainId, address tokenContract, uint256 tokenId)
        external
        view
        returns (address account);
}
