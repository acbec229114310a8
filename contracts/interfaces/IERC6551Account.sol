// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev ERC-6551 account interface, as published in the EIP (interface id 0x6faff5f1).
interface IERC6551Account {
    receive() external payable;

    function token() external view returns (uint256 chainId, address tokenContract, uint256 tokenId);

    function state() external view returns (uint256);

    function isValidSigner(address signer, bytes calldata context) external view returns (bytes4 magicValue);
}

/// @dev ERC-6551 execution interface, as published in the EIP (interface id 0x51945447).
interface IERC6551Executable {
    function execute(address to, uint256 value, bytes calldata data, uint8 operation)
        external
        payable
        returns (bytes memory);
}
