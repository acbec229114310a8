// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC1155/ERC1155Upgradeable.sol";
import {MulticallUpgradeable} from "@openzeppelin/contracts-upgradeable/utils/MulticallUpgradeable.sol";
import {AccessControlUpgradeable} from "@openzeppelin/contracts-upgradeable/access/AccessControlUpgradeable.sol";
import {TokenMetadata} from "./base/TokenMetadata.sol";
import {ERC1155Utils} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Utils.sol";
import {PermitMint} from "./base/PermitMint.sol";
import {ContractGeneration} from "./base/ContractGeneration.sol";
import {OpenZeppelinStorage} from "./base/OpenZeppelinStorage.sol";
import {ITokenHubERC1155BatchMint} from "./interfaces/ITokenHubBatchMint.sol";

/// @notice Multi-token collection, the implementation behind the ERC1155MintingProxy TokenFactory creates for each
/// collection; a collection created non-transferable is soulbound (mint only).
contract TokenHubERC1155 is ERC1155Upgradeable, TokenMetadata, PermitMint, MulticallUpgradeable, ContractGeneration {
    error Soulbound();
    error MintBatchLengthMismatch(uint256 recipients, uint256 ids, uint256 amounts);

    string public name;
    string public symbol;
    bool public transferable;

    constructor() {
        _disableInitializers();
    }

    function initialize(
        string memory name_,
        string memory symbol_,
        bool transferable_,
        address admin,
        address[] memory minters,
        string memory metadataRoot
    ) external initializer {
        // Token URIs come from TokenMetadata, not from ERC-1155's single {id} template.
        __ERC1155_init("");
        __CollectionRoles_init(admin, minters);
        __TokenMetadata_init(metadataRoot);
        name = name_;
        symbol = symbol_;
        transferable = transferable_;
    }

    function mintTo(address to, uint256 id, uint256 amount) external onlyRole(MINTER_ROLE) {
        _mintOne(to, id, amount);
    }

    /// @notice Mints `amounts[i]` of `ids[i]` to `to[i]` for every i, in one transaction.
    function mintBatch(address[] calldata to, uint256[] calldata ids, uint256[] calldata amounts)
        external
        onlyRole(MINTER_ROLE)
    {
        if (to.length != ids.length || to.length != amounts.length) {
            revert MintBatchLengthMismatch(to.length, ids.length, amounts.length);
        }
        for (uint256 i; i < to.length; ++i) {
            _mintOne(to[i], ids[i], amounts[i]);
        }
    }

    function mintWithPermit(
        address to,
        uint256 id,
        uint256 amount,
        uint256 nonce,
        uint256 deadline,
        bytes calldata signature
    ) external {
        _useMintPermit(to, id, amount, nonce, deadline, signature);
        _mintOne(to, id, amount);
    }

    function uri(uint256 id) public view override returns (string memory) {
        return _tokenURIOf(id);
    }

    /// @dev Also emits ERC-1155's URI event, which indexers that ignore ERC-4906 listen to.
    function notifyMetadataUpdate(uint256 tokenId) public override {
        super.notifyMetadataUpdate(tokenId);
        emit URI(uri(tokenId), tokenId);
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC1155Upgradeable, AccessControlUpgradeable, TokenMetadata)
        returns (bool)
    {
        return interfaceId == type(ITokenHubERC1155BatchMint).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @dev ERC1155Upgradeable's `_mint` of one id: the same check, write, event and receiver check, without the
    /// singleton arrays its generic `_update` path allocates (memory that grows with every mint of a batch).
    function _mintOne(address to, uint256 id, uint256 amount) private {
        if (to == address(0)) revert ERC1155InvalidReceiver(address(0));
        OpenZeppelinStorage.erc1155()._balances[id][to] += amount;
        address operator = _msgSender();
        emit TransferSingle(operator, address(0), to, id, amount);
        // Checked here first so that a mint to an account without code skips the call's argument encoding.
        if (to.code.length != 0) ERC1155Utils.checkOnERC1155Received(operator, address(0), to, id, amount, "");
    }

    function _update(address from, address to, uint256[] memory ids, uint256[] memory values) internal override {
        // `transferable` last: only a transfer reads it (mints do not come through here, and there are no burns).
        if (from != address(0) && to != address(0) && !transferable) revert Soulbound();
        super._update(from, to, ids, values);
    }
}
