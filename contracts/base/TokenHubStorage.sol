// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice tokenhub's own state that a collection's minting proxy writes as well as its implementation, at a fixed
/// ERC-7201 location rather than wherever the implementation's inheritance would put it.
library TokenHubStorage {
    /// @dev One slot, written at creation with the next id 1: a mint updates it (2,900 gas) instead of creating it
    /// (20,000) even the first time, and a transfer reads `transferable` from it.
    /// @custom:storage-location erc7201:tokenhub.storage.ERC721
    struct ERC721Storage {
        uint248 nextTokenId;
        bool transferable;
    }

    // keccak256(abi.encode(uint256(keccak256("tokenhub.storage.ERC721")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant ERC721_LOCATION = 0x01de1401b7a4e38b4b7f8f9ce131b45a52abb66e7970c46c2dceaa5b3547fc00;

    function erc721() internal pure returns (ERC721Storage storage $) {
        assembly {
            $.slot := ERC721_LOCATION
        }
    }
}
