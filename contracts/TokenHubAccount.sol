// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {BitMaps} from "@openzeppelin/contracts/utils/structs/BitMaps.sol";
import {LowLevelCall} from "@openzeppelin/contracts/utils/LowLevelCall.sol";
import {IERC6551Account, IERC6551Executable} from "./interfaces/IERC6551Account.sol";

/// @notice ERC-6551 token-bound account implementation, used through the canonical registry's proxies. Only the
/// bound NFT's current owner controls it: directly, or through a relayer carrying the owner's EIP-712 signature so
/// the owner needs no ETH. There is no operator or admin path.
/// @dev Every executed call emits {Executed} because the service builds an account's call history from these logs.
contract TokenHubAccount is
    IERC165,
    IERC1271,
    IERC6551Account,
    IERC6551Executable,
    IERC721Receiver,
    IERC1155Receiver,
    EIP712
{
    using BitMaps for BitMaps.BitMap;

    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    bytes32 private constant CALL_TYPEHASH = keccak256("Call(address to,uint256 value,bytes data)");
    bytes32 private constant EXECUTE_BATCH_TYPEHASH = keccak256(
        "ExecuteBatch(Call[] calls,uint256 nonce,uint256 deadline)Call(address to,uint256 value,bytes data)"
    );

    /// @param executor the owner who authorised the call: the sender, or the signer of a relayed batch.
    event Executed(address indexed executor, address indexed to, uint256 value, bytes data);

    error UnsupportedOperation(uint8 operation);
    error NotTokenOwner(address caller);
    error SignatureExpired(uint256 deadline);
    error NonceAlreadyUsed(uint256 nonce);
    error InvalidOwnerSignature();
    error OwnershipCycle();

    uint256 public state;
    BitMaps.BitMap private _usedNonces;

    constructor() EIP712("TokenHubAccount", "1") {}

    receive() external payable {}

    /// @param operation only 0 (CALL): delegatecall could rewrite the account's storage, create is not needed.
    function execute(address to, uint256 value, bytes calldata data, uint8 operation)
        external
        payable
        returns (bytes memory result)
    {
        if (operation != 0) revert UnsupportedOperation(operation);
        _requireOwnerCaller();
        ++state;
        return _call(msg.sender, to, value, data);
    }

    /// @notice Runs all calls or none.
    function executeBatch(Call[] calldata calls) external payable returns (bytes[] memory results) {
        _requireOwnerCaller();
        ++state;
        return _callAll(msg.sender, calls);
    }

    /// @notice Runs a batch signed by the current owner; anyone may relay it and pay the gas.
    /// @dev Nonces are an unordered bitmap so signed batches can be relayed in any order. The signature is checked
    /// against the owner at execution time: once the NFT is transferred, the former owner's signatures are void.
    function executeBatchWithSig(Call[] calldata calls, uint256 nonce, uint256 deadline, bytes calldata signature)
        external
        payable
        returns (bytes[] memory results)
    {
        if (block.timestamp > deadline) revert SignatureExpired(deadline);
        if (_usedNonces.get(nonce)) revert NonceAlreadyUsed(nonce);
        address signer = owner();
        bytes32 digest =
            _hashTypedDataV4(keccak256(abi.encode(EXECUTE_BATCH_TYPEHASH, _hashCalls(calls), nonce, deadline)));
        if (!SignatureChecker.isValidSignatureNow(signer, digest, signature)) revert InvalidOwnerSignature();
        _usedNonces.set(nonce);
        ++state;
        return _callAll(signer, calls);
    }

    function isNonceUsed(uint256 nonce) external view returns (bool) {
        return _usedNonces.get(nonce);
    }

    /// @dev The registry's proxy is 45 bytes of code followed by abi.encode(salt, chainId, tokenContract, tokenId);
    /// 0x4d skips the code and the salt.
    function token() public view returns (uint256 chainId, address tokenContract, uint256 tokenId) {
        bytes memory footer = new bytes(0x60);
        assembly ("memory-safe") {
            extcodecopy(address(), add(footer, 0x20), 0x4d, 0x60)
        }
        return abi.decode(footer, (uint256, address, uint256));
    }

    /// @notice The bound NFT's current owner; nobody when the NFT lives on another chain.
    function owner() public view returns (address) {
        (uint256 chainId, address tokenContract, uint256 tokenId) = token();
        if (chainId != block.chainid) return address(0);
        return IERC721(tokenContract).ownerOf(tokenId);
    }

    function isValidSigner(address signer, bytes calldata) external view returns (bytes4) {
        return signer == owner() ? IERC6551Account.isValidSigner.selector : bytes4(0);
    }

    /// @dev SignatureChecker also accepts EIP-1271 signatures, so an owner that is itself a contract (another
    /// account) can sign for this one.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return SignatureChecker.isValidSignatureNow(owner(), hash, signature)
            ? IERC1271.isValidSignature.selector
            : bytes4(0xffffffff);
    }

    /// @dev Receiving its own NFT would lock the account forever: nobody could ever call it again.
    function onERC721Received(address, address, uint256 receivedTokenId, bytes calldata)
        external
        view
        returns (bytes4)
    {
        (uint256 chainId, address tokenContract, uint256 tokenId) = token();
        if (chainId == block.chainid && msg.sender == tokenContract && receivedTokenId == tokenId) {
            revert OwnershipCycle();
        }
        return IERC721Receiver.onERC721Received.selector;
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC1155Receiver.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return IERC1155Receiver.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC165).interfaceId || interfaceId == type(IERC6551Account).interfaceId
            || interfaceId == type(IERC6551Executable).interfaceId || interfaceId == type(IERC721Receiver).interfaceId
            || interfaceId == type(IERC1155Receiver).interfaceId;
    }

    function _requireOwnerCaller() private view {
        if (msg.sender != owner()) revert NotTokenOwner(msg.sender);
    }

    function _callAll(address executor, Call[] calldata calls) private returns (bytes[] memory results) {
        results = new bytes[](calls.length);
        for (uint256 i; i < calls.length; ++i) {
            results[i] = _call(executor, calls[i].to, calls[i].value, calls[i].data);
        }
    }

    function _call(address executor, address to, uint256 value, bytes calldata data)
        private
        returns (bytes memory result)
    {
        emit Executed(executor, to, value, data);
        bool success;
        (success, result) = to.call{value: value}(data);
        // The caller sees the target's own error, not a generic failure.
        if (!success) LowLevelCall.bubbleRevert(result);
    }

    function _hashCalls(Call[] calldata calls) private pure returns (bytes32) {
        bytes32[] memory callHashes = new bytes32[](calls.length);
        for (uint256 i; i < calls.length; ++i) {
            callHashes[i] =
                keccak256(abi.encode(CALL_TYPEHASH, calls[i].to, calls[i].value, keccak256(calls[i].data)));
        }
        return keccak256(abi.encodePacked(callHashes));
    }
}
