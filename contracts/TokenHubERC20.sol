// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/ERC20Upgradeable.sol";
import {MulticallUpgradeable} from "@openzeppelin/contracts-upgradeable/utils/MulticallUpgradeable.sol";
import {ContractMetadata} from "./base/ContractMetadata.sol";
import {PermitMint} from "./base/PermitMint.sol";

/// @notice Fungible token created by TokenFactory as an EIP-1167 clone of one implementation.
contract TokenHubERC20 is ERC20Upgradeable, ContractMetadata, PermitMint, MulticallUpgradeable {
    uint8 private _decimals;

    constructor() {
        _disableInitializers();
    }

    function initialize(
        string memory name,
        string memory symbol,
        uint8 decimals_,
        address admin,
        address[] memory minters,
        string memory metadataRoot
    ) external initializer {
        __ERC20_init(name, symbol);
        __CollectionRoles_init(admin, minters);
        __ContractMetadata_init(metadataRoot);
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mintTo(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mint(to, amount);
    }

    function mintWithPermit(address to, uint256 amount, uint256 nonce, uint256 deadline, bytes calldata signature)
        external
    {
        _useMintPermit(to, amount, nonce, deadline, signature);
        _mint(to, amount);
    }
}
