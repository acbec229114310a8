// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC721/ERC721Upgradeable.sol";
import {MulticallUpgradeable} from "@openzeppelin/contracts-upgradeable/utils/MulticallUpgradeable.sol";
import {AccessControlUpgradeable} from "@openzeppelin/contracts-upgradeable/access/AccessControlUpgradeable.sol";
import {TokenMetadata} from "./base/TokenMetadata.sol";
import {PermitMint} from "./base/PermitMint.sol";

/// @notice NFT collection created by TokenFactory as an EIP-1167 clone; ids are sequential from 1, and a collection
/// created non-transferable is soulbound (mint only).
contract TokenHubERC721 is ERC721Upgradeable, TokenMetadata, PermitMint, MulticallUpgradeable {
    error Soulbound();
    error ZeroQuantity();

    bool public transferable;
    uint256 public totalMinted;

    constructor() {
        _disableInitializers();
    }

    function initialize(
        string memory name,
        string memory symbol,
        bool transferable_,
        address admin,
        address[] memory minters,
        string memory metadataRoot
    ) external initializer {
        __ERC721_init(name, symbol);
        __CollectionRoles_init(admin, minters);
        __TokenMetadata_init(metadataRoot);
        transferable = transferable_;
    }

    function mintTo(address to, uint256 quantity) external onlyRole(MINTER_ROLE) returns (uint256 firstTokenId) {
        return _mintSequential(to, quantity);
    }

    /// @param amount the number of tokens, minted with the next sequential ids.
    function mintWithPermit(address to, uint256 amount, uint256 nonce, uint256 deadline, bytes calldata signature)
        external
        returns (uint256 firstTokenId)
    {
        _useMintPermit(to, amount, nonce, deadline, signature);
        return _mintSequential(to, amount);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return _tokenURIOf(tokenId);
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(ERC721Upgradeable, AccessControlUpgradeable, TokenMetadata)
        returns (bool)
    {
        return super.supportsInterface(interfaceId);
    }

    function _mintSequential(address to, uint256 quantity) private returns (uint256 firstTokenId) {
        if (quantity == 0) revert ZeroQuantity();
        firstTokenId = totalMinted + 1;
        // Reserved before minting: _safeMint calls the recipient, which could otherwise reenter and reuse the ids.
        totalMinted += quantity;
        for (uint256 tokenId = firstTokenId; tokenId < firstTokenId + quantity; ++tokenId) {
            _safeMint(to, tokenId);
        }
    }

    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        if (!transferable && from != address(0) && to != address(0)) revert Soulbound();
    }
}
