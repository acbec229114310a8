// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721Upgradeable} from "@openzeppelin/contracts-upgradeable/token/ERC721/ERC721Upgradeable.sol";
import {MulticallUpgradeable} from "@openzeppelin/contracts-upgradeable/utils/MulticallUpgradeable.sol";
import {AccessControlUpgradeable} from "@openzeppelin/contracts-upgradeable/access/AccessControlUpgradeable.sol";
import {ERC721Utils} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Utils.sol";
import {TokenMetadata} from "./base/TokenMetadata.sol";
import {PermitMint} from "./base/PermitMint.sol";
import {ContractGeneration} from "./base/ContractGeneration.sol";
import {OpenZeppelinStorage} from "./base/OpenZeppelinStorage.sol";
import {TokenHubStorage} from "./base/TokenHubStorage.sol";
import {Panic} from "@openzeppelin/contracts/utils/Panic.sol";
import {ITokenHubERC721BatchMint} from "./interfaces/ITokenHubBatchMint.sol";

/// @notice NFT collection, the implementation behind the ERC721MintingProxy TokenFactory creates for each collection;
/// ids are sequential from 1, and a collection created non-transferable is soulbound (mint only).
contract TokenHubERC721 is ERC721Upgradeable, TokenMetadata, PermitMint, MulticallUpgradeable, ContractGeneration {
    error Soulbound();
    error ZeroQuantity();

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
        TokenHubStorage.ERC721Storage storage counters = TokenHubStorage.erc721();
        // Written now, so that the collection's first mint updates a slot rather than creating one.
        counters.nextTokenId = 1;
        counters.transferable = transferable_;
    }

    function mintTo(address to, uint256 quantity) external onlyRole(MINTER_ROLE) returns (uint256 firstTokenId) {
        return _mintSequential(to, quantity);
    }

    /// @notice Mints one token to each of `to`, in order, with consecutive ids: `to[i]` gets `firstTokenId + i`. One
    /// transaction for many mints, without multicall's per-call dispatch and calldata.
    function mintToMany(address[] calldata to) external onlyRole(MINTER_ROLE) returns (uint256 firstTokenId) {
        firstTokenId = _reserve(to.length);
        unchecked {
            // Every id is below the new nextTokenId, which _reserve computed with overflow checks.
            for (uint256 i; i < to.length; ++i) {
                _safeMintNew(to[i], firstTokenId + i);
            }
        }
    }

    /// @param amount the number of tokens, minted with the next sequential ids.
    function mintWithPermit(address to, uint256 amount, uint256 nonce, uint256 deadline, bytes calldata signature)
        external
        returns (uint256 firstTokenId)
    {
        _useMintPermit(to, amount, nonce, deadline, signature);
        return _mintSequential(to, amount);
    }

    /// @notice How many tokens were minted (ids 1 to this).
    function totalMinted() external view returns (uint256) {
        return TokenHubStorage.erc721().nextTokenId - 1;
    }

    /// @notice False for a soulbound collection: its tokens are minted and never move.
    function transferable() external view returns (bool) {
        return TokenHubStorage.erc721().transferable;
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
        return interfaceId == type(ITokenHubERC721BatchMint).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @dev Reserved before minting: minting calls each recipient, which could otherwise reenter and reuse the ids.
    function _reserve(uint256 quantity) private returns (uint256 firstTokenId) {
        if (quantity == 0) revert ZeroQuantity();
        bytes32 slot;
        {
            TokenHubStorage.ERC721Storage storage counters = TokenHubStorage.erc721();
            assembly {
                slot := counters.slot
            }
        }
        // The struct's one slot: the next id in the low 248 bits, `transferable` above them, updated in one write.
        uint256 packed;
        assembly {
            packed := sload(slot)
        }
        firstTokenId = packed & type(uint248).max;
        // Checked: ids past 248 bits overflow, as the counter's sum in generation 2 overflowed past 256.
        if (firstTokenId + quantity > type(uint248).max) Panic.panic(Panic.UNDER_OVERFLOW);
        assembly {
            sstore(slot, add(packed, quantity))
        }
    }

    function _mintSequential(address to, uint256 quantity) private returns (uint256 firstTokenId) {
        firstTokenId = _reserve(quantity);
        unchecked {
            // Every id is below the new nextTokenId, which _reserve computed with overflow checks.
            for (uint256 i; i < quantity; ++i) {
                _safeMintNew(to, firstTokenId + i);
            }
        }
    }

    /// @dev ERC721Upgradeable's `_safeMint` for an id _reserve just handed out, which no token ever had: the same
    /// writes, event and receiver check, without `_update`'s generic transfer path and its second owner lookup.
    function _safeMintNew(address to, uint256 tokenId) private {
        if (to == address(0)) revert ERC721InvalidReceiver(address(0));
        OpenZeppelinStorage.ERC721Storage storage $ = OpenZeppelinStorage.erc721();
        unchecked {
            $._balances[to] += 1;
        }
        $._owners[tokenId] = to;
        emit Transfer(address(0), to, tokenId);
        // Checked here first so that a mint to an account without code skips the call's argument encoding.
        if (to.code.length != 0) ERC721Utils.checkOnERC721Received(_msgSender(), address(0), to, tokenId, "");
    }

    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        // `transferable` last: only a transfer reads it (mints do not come through here, and there are no burns).
        if (from != address(0) && to != address(0) && !TokenHubStorage.erc721().transferable) revert Soulbound();
    }
}
