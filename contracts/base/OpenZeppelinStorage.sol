// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The ERC-7201 storage namespaces of OpenZeppelin Contracts Upgradeable 5.x's token modules, which declare
/// their structs and locations private. The token contracts mint through them directly: OpenZeppelin's generic
/// per-token path (`_update`, singleton arrays for ERC-1155, a second lookup of the owner) costs hundreds of gas per
/// token that a mint of an id or a holder known to be new does not need.
/// @dev Same structs, same locations, as in @openzeppelin/contracts-upgradeable 5.x: upgradeable deployments depend on
/// them, so the 5.x line keeps them. The contract tests read every such write back through OpenZeppelin's getters.
library OpenZeppelinStorage {
    /// @custom:storage-location erc7201:openzeppelin.storage.ERC20
    struct ERC20Storage {
        mapping(address account => uint256) _balances;
        mapping(address account => mapping(address spender => uint256)) _allowances;
        uint256 _totalSupply;
        string _name;
        string _symbol;
    }

    /// @custom:storage-location erc7201:openzeppelin.storage.ERC721
    struct ERC721Storage {
        string _name;
        string _symbol;
        mapping(uint256 tokenId => address) _owners;
        mapping(address owner => uint256) _balances;
        mapping(uint256 tokenId => address) _tokenApprovals;
        mapping(address owner => mapping(address operator => bool)) _operatorApprovals;
    }

    struct RoleData {
        mapping(address account => bool) hasRole;
        bytes32 adminRole;
    }

    /// @custom:storage-location erc7201:openzeppelin.storage.AccessControl
    struct AccessControlStorage {
        mapping(bytes32 role => RoleData) _roles;
    }

    /// @custom:storage-location erc7201:openzeppelin.storage.ERC1155
    struct ERC1155Storage {
        mapping(uint256 id => mapping(address account => uint256)) _balances;
        mapping(address account => mapping(address operator => bool)) _operatorApprovals;
        string _uri;
    }

    // keccak256(abi.encode(uint256(keccak256("openzeppelin.storage.<module>")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant ERC20_LOCATION = 0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00;
    bytes32 private constant ERC721_LOCATION = 0x80bb2b638cc20bc4d0a60d66940f3ab4a00c1d7b313497ca82fb0b4ab0079300;
    bytes32 private constant ERC1155_LOCATION = 0x88be536d5240c274a3b1d3a1be54482fd9caa294f08c62a7cde569f49a3c4500;
    bytes32 private constant ACCESS_CONTROL_LOCATION = 0x02dd7bc7dec4dceedda775e58dd541e08a116c6c53815c0bd028192f7b626800;

    /// @dev The slot of AccessControl's `_roles[MINTER_ROLE].hasRole` mapping: keccak256(abi.encode(
    /// keccak256("MINTER_ROLE"), ACCESS_CONTROL_LOCATION)). A literal, because the compiler leaves that computation's
    /// memory writes in the code (test/contracts/mintingProxy.test.ts checks the value).
    bytes32 internal constant MINTERS_SLOT = 0x549fe2656c81d2947b3b913f0a53b9ea86c71e049f3a1b8aa23c09a8a05cb8d4;

    function erc20() internal pure returns (ERC20Storage storage $) {
        assembly {
            $.slot := ERC20_LOCATION
        }
    }

    function erc721() internal pure returns (ERC721Storage storage $) {
        assembly {
            $.slot := ERC721_LOCATION
        }
    }

    function erc1155() internal pure returns (ERC1155Storage storage $) {
        assembly {
            $.slot := ERC1155_LOCATION
        }
    }

    function accessControl() internal pure returns (AccessControlStorage storage $) {
        assembly {
            $.slot := ACCESS_CONTROL_LOCATION
        }
    }

    /// @dev The slot holding `hasRole(MINTER_ROLE, account)`: AccessControl keeps the bool in its low byte and never
    /// reads or writes the other 31 (Solidity updates a bool in place), which PermitMint uses.
    function minterRoleSlot(address account) internal pure returns (bytes32 slot) {
        assembly {
            mstore(0, account)
            mstore(32, MINTERS_SLOT)
            slot := keccak256(0, 64)
        }
    }
}
