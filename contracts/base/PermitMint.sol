// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712Upgradeable} from "@openzeppelin/contracts-upgradeable/utils/cryptography/EIP712Upgradeable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {BitMaps} from "@openzeppelin/contracts/utils/structs/BitMaps.sol";
import {CollectionRoles} from "./CollectionRoles.sol";

/// @notice Mint permits: a minter signs EIP-712 typed data off-chain (free), the recipient or anyone else redeems it
/// and pays the gas; the tokens always go to the signed `to`.
/// @dev Nonces are an unordered bitmap per signer, so any number of permits can be outstanding and redeemed in any
/// order; tokenhub numbers a signer's permits per collection, so consecutive redemptions write one word of it.
abstract contract PermitMint is CollectionRoles, EIP712Upgradeable {
    using BitMaps for BitMaps.BitMap;

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
        return _usedNonces[signer].get(nonce);
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
        BitMaps.BitMap storage usedNonces = _usedNonces[signer];
        if (usedNonces.get(nonce)) revert PermitNonceUsed(signer, nonce);
        usedNonces.set(nonce);
    }

    // Constant domain fields instead of EIP712Upgradeable's storage: clones skip writing two strings at creation.
    function _EIP712Name() internal pure override returns (string memory) {
        return "PermitMint";
    }

    function _EIP712Version() internal pure override returns (string memory) {
        return "1";
    }
}
