// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MintingProxy} from "./MintingProxy.sol";
import {OpenZeppelinStorage} from "../base/OpenZeppelinStorage.sol";

/// @notice A TokenHubERC1155 collection: `mintTo` to an account without code runs here, everything else in the
/// implementation.
contract ERC1155MintingProxy is MintingProxy {
    bytes4 private constant MINT_TO = bytes4(keccak256("mintTo(address,uint256,uint256)"));
    bytes32 private constant TRANSFER_SINGLE = keccak256("TransferSingle(address,address,address,uint256,uint256)");

    constructor(address implementation) MintingProxy(implementation) {}

    /// @dev TokenHubERC1155.mintTo to an account without code: no receiver to ask, so the balance and the event.
    function _mintHere() internal override {
        bytes32 minters = OpenZeppelinStorage.MINTERS_SLOT;
        uint32 selector = uint32(MINT_TO);
        bytes32 topic = TRANSFER_SINGLE;
        mapping(uint256 => mapping(address => uint256)) storage balances = OpenZeppelinStorage.erc1155()._balances;
        assembly {
            // Any other function goes to the implementation after this one comparison.
            if and(eq(shr(224, calldataload(0)), selector), gt(calldatasize(), 99)) {
                let to := calldataload(4)
                // No value, `to` a clean nonzero address without code.
                if and(iszero(callvalue()), and(iszero(shr(160, to)), iszero(iszero(to)))) {
                    if iszero(extcodesize(to)) {
                        mstore(0, caller())
                        mstore(32, minters)
                        // AccessControl's bool, in the slot's low byte.
                        let isMinter := and(sload(keccak256(0, 64)), 0xff)
                        let id := calldataload(36)
                        let amount := calldataload(68)
                        mstore(0, id)
                        mstore(32, balances.slot)
                        mstore(32, keccak256(0, 64))
                        mstore(0, to)
                        let balanceSlot := keccak256(0, 64)
                        let newBalance := add(sload(balanceSlot), amount)
                        // A caller without the role, or a balance that would overflow: the implementation's errors.
                        if and(isMinter, iszero(lt(newBalance, amount))) {
                            sstore(balanceSlot, newBalance)
                            mstore(0, id)
                            mstore(32, amount)
                            log4(0, 64, topic, caller(), 0, to)
                            return(0, 0)
                        }
                    }
                }
            }
        }
    }
}
