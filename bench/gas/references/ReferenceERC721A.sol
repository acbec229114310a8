// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721A} from "erc721a/contracts/ERC721A.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @notice Azuki's ERC721A with the same roles, minting one token per recipient in a loop: with `_safeMint` (the
/// receiver check tokenhub keeps) and with `_mint` (none).
contract ReferenceERC721A is ERC721A, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor(address minter) ERC721A("Reference", "REF") {
        _grantRole(DEFAULT_ADMIN_ROLE, msg.sender);
        _grantRole(MINTER_ROLE, minter);
    }

    function safeMint(address to) external onlyRole(MINTER_ROLE) {
        _safeMint(to, 1);
    }

    function mint(address to) external onlyRole(MINTER_ROLE) {
        _mint(to, 1);
    }

    function safeMintToMany(address[] calldata to) external onlyRole(MINTER_ROLE) {
        for (uint256 i; i < to.length; ++i) {
            _safeMint(to[i], 1);
        }
    }

    function mintToMany(address[] calldata to) external onlyRole(MINTER_ROLE) {
        for (uint256 i; i < to.length; ++i) {
            _mint(to[i], 1);
        }
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721A, AccessControl) returns (bool) {
        return ERC721A.supportsInterface(interfaceId) || AccessControl.supportsInterface(interfaceId);
    }

    function _startTokenId() internal pure override returns (uint256) {
        return 1;
    }
}
