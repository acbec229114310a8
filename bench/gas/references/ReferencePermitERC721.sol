// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {BitMaps} from "@openzeppelin/contracts/utils/structs/BitMaps.sol";

/// @notice The same mint permit as tokenhub's (EIP-712 `MintPermit`, a minter's signature, an unordered nonce bitmap
/// per signer, `PermitUsed`), written on a full OpenZeppelin ERC-721.
contract ReferencePermitERC721 is ERC721, AccessControl, EIP712 {
    using BitMaps for BitMaps.BitMap;

    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 private constant MINT_PERMIT_TYPEHASH =
        keccak256("MintPermit(address to,uint256 amount,uint256 nonce,uint256 deadline)");

    event PermitUsed(address indexed signer, uint256 indexed nonce);

    error PermitExpired(uint256 deadline);
    error PermitNonceUsed(address signer, uint256 nonce);
    error PermitSignerNotMinter(address signer);

    uint256 private _nextTokenId = 1;
    mapping(address signer => BitMaps.BitMap) private _usedNonces;

    constructor(address minter) ERC721("Reference", "REF") EIP712("PermitMint", "1") {
        _grantRole(DEFAULT_ADMIN_ROLE, msg.sender);
        _grantRole(MINTER_ROLE, minter);
    }

    function mintWithPermit(address to, uint256 amount, uint256 nonce, uint256 deadline, bytes calldata signature)
        external
        returns (uint256 firstTokenId)
    {
        if (block.timestamp > deadline) revert PermitExpired(deadline);
        bytes32 structHash = keccak256(abi.encode(MINT_PERMIT_TYPEHASH, to, amount, nonce, deadline));
        address signer = ECDSA.recover(_hashTypedDataV4(structHash), signature);
        if (!hasRole(MINTER_ROLE, signer)) revert PermitSignerNotMinter(signer);
        if (_usedNonces[signer].get(nonce)) revert PermitNonceUsed(signer, nonce);
        _usedNonces[signer].set(nonce);
        emit PermitUsed(signer, nonce);
        firstTokenId = _nextTokenId;
        _nextTokenId = firstTokenId + amount;
        for (uint256 i; i < amount; ++i) {
            _safeMint(to, firstTokenId + i);
        }
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
