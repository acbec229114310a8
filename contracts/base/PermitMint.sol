// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712Upgradeable} from "@openzeppelin/contracts-upgradeable/utils/cryptography/EIP712Upgradeable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {BitMaps} from "@openzeppelin/contracts/utils/structs/BitMaps.sol";
import {CollectionRoles} from "./CollectionRoles.sol";
import {OpenZeppelinStorage} from "./OpenZeppelinStorage.sol";

/// @notice Mint permits: a minter signs EIP-712 typed data off-chain (free), the recipient or anyone else redeems it
/// and pays the gas; the tokens always go to the signed `to`.
/// @dev Nonces are an unordered bitmap per signer, so any number of permits can be outstanding and redeemed in any
/// order; tokenhub numbers a signer's permits per collection, so consecutive redemptions write one word of it. A
/// signer's first 248 nonces are kept in the 31 bytes of its MINTER_ROLE slot that AccessControl leaves unused (it
/// keeps its bool in the low byte, and Solidity updates that byte in place): a redemption reads that slot anyway to
/// check the signer's role, and it holds a nonzero value from the grant on, so those redemptions neither read another
/// slot nor write a fresh one (20,000 gas instead of 2,900). Nonces from 248 on are in an ordinary bitmap.
abstract contract PermitMint is CollectionRoles, EIP712Upgradeable {
    using BitMaps for BitMaps.BitMap;

    /// @dev Nonces below this are bits 8 to 255 of the signer's MINTER_ROLE slot.
    uint256 private constant NONCES_IN_ROLE_SLOT = 248;

    bytes32 private constant MINT_PERMIT_TYPEHASH =
        keccak256("MintPermit(address to,uint256 amount,uint256 nonce,uint256 deadline)");
    bytes32 private constant MINT_PERMIT_WITH_ID_TYPEHASH =
        keccak256("MintPermit(address to,uint256 id,uint256 amount,uint256 nonce,uint256 deadline)");

    event PermitUsed(address indexed signer, uint256 indexed nonce);
    event NonceInvalidated(address indexed signer, uint256 indexed nonce);

    error PermitExpired(uint256 deadline);
    error PermitNonceUsed(address signer, uint256 nonce);
    error PermitSignerNotMinter(address signer);

    mapping(address signer => BitMaps.BitMap) private _usedNonces;

    function isNonceUsed(address signer, uint256 nonce) external view returns (bool) {
        if (nonce < NONCES_IN_ROLE_SLOT) {
            bytes32 slot = OpenZeppelinStorage.minterRoleSlot(signer);
            uint256 word;
            assembly {
                word := sload(slot)
            }
            return word & _roleSlotBit(nonce) != 0;
        }
        return _usedNonces[signer].get(nonce - NONCES_IN_ROLE_SLOT);
    }

    /// @notice Revokes a permit the caller signed and has not been redeemed yet.
    function invalidateNonce(uint256 nonce) external {
        _useNonce(msg.sender, nonce);
        emit NonceInvalidated(msg.sender, nonce);
    }

    function _useMintPermit(address to, uint256 amount, uint256 nonce, uint256 deadline, bytes calldata signature)
        internal
    {
        _usePermit(keccak256(abi.encode(MINT_PERMIT_TYPEHASH, to, amount, nonce, deadline)), nonce, deadline, signature);
    }

    function _useMintPermit(
        address to,
        uint256 id,
        uint256 amount,
        uint256 nonce,
        uint256 deadline,
        bytes calldata signature
    ) internal {
        _usePermit(
            keccak256(abi.encode(MINT_PERMIT_WITH_ID_TYPEHASH, to, id, amount, nonce, deadline)),
            nonce,
            deadline,
            signature
        );
    }

    function _usePermit(bytes32 structHash, uint256 nonce, uint256 deadline, bytes calldata signature) private {
        if (block.timestamp > deadline) revert PermitExpired(deadline);
        // A tampered field changes the digest and so the recovered address, which then lacks the role.
        address signer = ECDSA.recover(_hashTypedDataV4(structHash), signature);
        if (!hasRole(MINTER_ROLE, signer)) revert PermitSignerNotMinter(signer);
        _useNonce(signer, nonce);
        emit PermitUsed(signer, nonce);
    }

    function _useNonce(address signer, uint256 nonce) private {
        if (nonce < NONCES_IN_ROLE_SLOT) {
            bytes32 slot = OpenZeppelinStorage.minterRoleSlot(signer);
            uint256 word;
            assembly {
                word := sload(slot)
            }
            uint256 bit = _roleSlotBit(nonce);
            if (word & bit != 0) revert PermitNonceUsed(signer, nonce);
            assembly {
                sstore(slot, or(word, bit))
            }
        } else {
            BitMaps.BitMap storage usedNonces = _usedNonces[signer];
            uint256 index = nonce - NONCES_IN_ROLE_SLOT;
            if (usedNonces.get(index)) revert PermitNonceUsed(signer, nonce);
            usedNonces.set(index);
        }
    }

    /// @dev Above AccessControl's byte.
    function _roleSlotBit(uint256 nonce) private pure returns (uint256) {
        return 1 << (8 + nonce);
    }

    // Constant domain fields instead of EIP712Upgradeable's storage: collections skip writing two strings at creation.
    function _EIP712Name() internal pure override returns (string memory) {
        return "PermitMint";
    }

    function _EIP712Version() internal pure override returns (string memory) {
        return "1";
    }
}
