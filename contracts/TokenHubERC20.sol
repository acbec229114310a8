// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC20/ERC20Upgradeable.sol";
import {MulticallUpgradeable} from "@openzeppelin/contracts-upgradeable/utils/MulticallUpgradeable.sol";
import {ContractMetadata} from "./base/ContractMetadata.sol";
import {PermitMint} from "./base/PermitMint.sol";
import {ContractGeneration} from "./base/ContractGeneration.sol";
import {OpenZeppelinStorage} from "./base/OpenZeppelinStorage.sol";
import {ITokenHubERC20BatchMint} from "./interfaces/ITokenHubBatchMint.sol";

/// @notice Fungible token, the implementation behind the ERC20MintingProxy TokenFactory creates for each token.
contract TokenHubERC20 is ERC20Upgradeable, ContractMetadata, PermitMint, MulticallUpgradeable, ContractGeneration {
    error MintToManyLengthMismatch(uint256 recipients, uint256 amounts);

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

    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == type(ITokenHubERC20BatchMint).interfaceId || super.supportsInterface(interfaceId);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mintTo(address to, uint256 amount) external onlyRole(MINTER_ROLE) {
        OpenZeppelinStorage.ERC20Storage storage $ = OpenZeppelinStorage.erc20();
        $._totalSupply += amount;
        _credit($, to, amount);
    }

    /// @notice Mints `amounts[i]` to `to[i]` for every i, in one transaction.
    function mintToMany(address[] calldata to, uint256[] calldata amounts) external onlyRole(MINTER_ROLE) {
        if (to.length != amounts.length) revert MintToManyLengthMismatch(to.length, amounts.length);
        OpenZeppelinStorage.ERC20Storage storage $ = OpenZeppelinStorage.erc20();
        uint256 supply = $._totalSupply;
        for (uint256 i; i < to.length; ++i) {
            // Checked: the supply overflows exactly when minting one by one would.
            supply += amounts[i];
            _credit($, to[i], amounts[i]);
        }
        $._totalSupply = supply;
    }

    function mintWithPermit(address to, uint256 amount, uint256 nonce, uint256 deadline, bytes calldata signature)
        external
    {
        _useMintPermit(to, amount, nonce, deadline, signature);
        _mint(to, amount);
    }

    /// @dev ERC20Upgradeable's `_mint` once the supply is counted (by the caller, once for a batch): the same check,
    /// write and event without `_update`'s generic transfer path. An ERC-20 calls nobody, so nothing can observe the
    /// supply before a batch ends.
    function _credit(OpenZeppelinStorage.ERC20Storage storage $, address to, uint256 amount) private {
        if (to == address(0)) revert ERC20InvalidReceiver(address(0));
        unchecked {
            // Cannot overflow: a balance is at most the supply, which was just checked.
            $._balances[to] += amount;
        }
        emit Transfer(address(0), to, amount);
    }
}
