// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {TokenHubERC20} from "./TokenHubERC20.sol";
import {TokenHubERC721} from "./TokenHubERC721.sol";
import {TokenHubERC1155} from "./TokenHubERC1155.sol";

/// @notice Creates tokenhub collections as EIP-1167 clones: holding the three creation codes would exceed the
/// contract size limit, and a clone costs a fraction of a full deployment. Anyone may create a collection; the
/// roles it is created with are what matters.
/// @dev A clone's delegatecall adds about 2,680 gas to every transaction on the collection; a full deployment costs
/// 2.1-2.7 million gas more to create, paid back only after about 800-1,000 single-mint transactions (or 40 times as
/// many mints joined), so clones stay (bench/README.md, "Clones or full deployments").
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
        collection = Clones.clone(erc20Implementation);
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
        collection = Clones.clone(erc721Implementation);
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
        collection = Clones.clone(erc1155Implementation);
        TokenHubERC1155(collection).initialize(name, symbol, transferable, admin, minters, metadataRoot);
        emit CollectionCreated(collection, CollectionKind.ERC1155, admin);
    }
}
