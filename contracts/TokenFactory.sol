// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TokenHubERC20} from "./TokenHubERC20.sol";
import {TokenHubERC721} from "./TokenHubERC721.sol";
import {TokenHubERC1155} from "./TokenHubERC1155.sol";
import {ERC20MintingProxy} from "./proxies/ERC20MintingProxy.sol";
import {ERC721MintingProxy} from "./proxies/ERC721MintingProxy.sol";
import {ERC1155MintingProxy} from "./proxies/ERC1155MintingProxy.sol";

/// @notice Creates tokenhub collections as minting proxies of one implementation per kind: holding the three
/// implementations' creation codes would exceed the contract size limit, and a full deployment costs millions of gas
/// more. Anyone may create a collection; the roles it is created with are what matters.
/// @dev A minting proxy (MintingProxy.sol) runs the service's single mint itself, which an EIP-1167 clone would
/// delegate at about 2,680 gas per transaction (bench/README.md, "Gas").
contract TokenFactory {
    enum CollectionKind {
        ERC20,
        ERC721,
        ERC1155
    }

    /// @dev Indexers discover collections from this event, so a new collection is indexed without a restart.
    event CollectionCreated(address indexed collection, CollectionKind kind, address indexed admin);

    address public immutable erc20Implementation;
    address public immutable erc721Implementation;
    address public immutable erc1155Implementation;

    constructor(address erc20Impl, address erc721Impl, address erc1155Impl) {
        erc20Implementation = erc20Impl;
        erc721Implementation = erc721Impl;
        erc1155Implementation = erc1155Impl;
    }

    function createERC20(
        string calldata name,
        string calldata symbol,
        uint8 decimals,
        address admin,
        address[] calldata minters,
        string calldata metadataRoot
    ) external returns (address collection) {
        collection = address(new ERC20MintingProxy(erc20Implementation));
        TokenHubERC20(collection).initialize(name, symbol, decimals, admin, minters, metadataRoot);
        emit CollectionCreated(collection, CollectionKind.ERC20, admin);
    }

    function createERC721(
        string calldata name,
        string calldata symbol,
        bool transferable,
        address admin,
        address[] calldata minters,
        string calldata metadataRoot
    ) external returns (address collection) {
        collection = address(new ERC721MintingProxy(erc721Implementation));
        TokenHubERC721(collection).initialize(name, symbol, transferable, admin, minters, metadataRoot);
        emit CollectionCreated(collection, CollectionKind.ERC721, admin);
    }

    function createERC1155(
        string calldata name,
        string calldata symbol,
        bool transferable,
        address admin,
        address[] calldata minters,
        string calldata metadataRoot
    ) external returns (address collection) {
        collection = address(new ERC1155MintingProxy(erc1155Implementation));
        TokenHubERC1155(collection).initialize(name, symbol, transferable, admin, minters, metadataRoot);
        emit CollectionCreated(collection, CollectionKind.ERC1155, admin);
    }
}
