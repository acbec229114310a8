// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControlUpgradeable} from "@openzeppelin/contracts-upgradeable/access/AccessControlUpgradeable.sol";

/// @notice The roles every tokenhub collection shares: the service key mints and propagates metadata, the admin
/// manages who may do so.
abstract contract CollectionRoles is AccessControlUpgradeable {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant METADATA_ROLE = keccak256("METADATA_ROLE");

    function __CollectionRoles_init(address admin, address[] memory minters) internal onlyInitializing {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        for (uint256 i; i < minters.length; ++i) {
            _grantRole(MINTER_ROLE, minters[i]);
            // The key that mints is the one that sends the metadata propagation transactions.
            _grantRole(METADATA_ROLE, minters[i]);
        }
    }
}
