// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1967Utils} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Utils.sol";

/// @notice What TokenFactory creates for a collection: a proxy that delegates every call to its kind's implementation,
/// as an EIP-1167 clone does, except the service's single mint, which it runs itself when the call is the common case
/// (a minter minting to an account without code). That mint then costs what it costs on a contract deployed in full:
/// a clone's delegatecall (a cold account access and the copying around it, about 2,680 gas per transaction) is more
/// than a single mint's whole margin over OpenZeppelin's contracts (bench/README.md, "Gas").
/// @dev The fast path writes exactly what the implementation's `mintTo` writes, in the same storage, and emits the
/// same event. Every other case (another function, a caller without MINTER_ROLE, a receiver with code to ask, a zero
/// or malformed address, value sent, an amount the implementation refuses) goes to the implementation, which answers
/// it with its own checks and errors; the fast path has changed nothing by then. It is assembly because each byte of
/// a collection's code costs 200 gas to create: written in Solidity the proxies were about 40 % larger.
abstract contract MintingProxy {
    address private immutable _implementation;

    /// @dev The implementation is also written where ERC-1967 puts it, so that block explorers find its ABI and
    /// source for the collection as they do for an EIP-1167 clone; calls read the immutable, never that slot.
    constructor(address implementation) {
        _implementation = implementation;
        ERC1967Utils.upgradeToAndCall(implementation, "");
    }

    fallback() external payable {
        _mintHere();
        _delegate();
    }

    /// @dev Runs the call and returns from it if it is the fast path's case; else returns having changed nothing.
    function _mintHere() internal virtual;

    /// @dev Runs the whole call in the implementation and returns or reverts with its answer; never returns here.
    function _delegate() private {
        address implementation = _implementation;
        assembly {
            calldatacopy(0, 0, calldatasize())
            let succeeded := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if succeeded { return(0, returndatasize()) }
            revert(0, returndatasize())
        }
    }
}
