// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @notice OpenZeppelin's ERC-20 with roles, minting to one holder at a time or to many in a loop.
contract ReferenceERC20 is ERC20, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    constructor(address minter) ERC20("Reference", "REF") {
        _grantRole(DEFAULT_ADMIN_ROLE, msg.sender);
        _grantRole(MINTER_ROLE, minter);
    }

    function mint(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    function mintToMany(address[] calldata to, uint256[] calldata amounts) external onlyRole(MINTER_ROLE) {
        for (uint256 i; i < to.length; ++i) {
            _mint(to[i], amounts[i]);
        }
    }
}
