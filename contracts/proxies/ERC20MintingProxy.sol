// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MintingProxy} from "./MintingProxy.sol";
import {OpenZeppelinStorage} from "../base/OpenZeppelinStorage.sol";

/// @notice A TokenHubERC20 token: `mintTo` runs here, everything else in the implementation.
contract ERC20MintingProxy is MintingProxy {
    bytes4 private constant MINT_TO = bytes4(keccak256("mintTo(address,uint256)"));
    bytes32 private constant TRANSFER = keccak256("Transfer(address,address,uint256)");

    constructor(address implementation) MintingProxy(implementation) {}

    /// @dev TokenHubERC20.mintTo: the supply and the balance, and the event.
    function _mintHere() internal override {
        bytes32 minters = OpenZeppelinStorage.MINTERS_SLOT;
        uint32 selector = uint32(MINT_TO);
        bytes32 topic = TRANSFER;
        OpenZeppelinStorage.ERC20Storage storage $ = OpenZeppelinStorage.erc20();
        mapping(address => uint256) storage balances = $._balances;
        assembly {
            // Any other function goes to the implementation after this one comparison.
            if and(eq(shr(224, calldataload(0)), selector), gt(calldatasize(), 67)) {
                let to := calldataload(4)
                // No value, `to` a clean nonzero address.
                if and(iszero(callvalue()), and(iszero(shr(160, to)), iszero(iszero(to)))) {
                    mstore(0, caller())
                    mstore(32, minters)
                    // AccessControl's bool, in the slot's low byte.
                    let isMinter := and(sload(keccak256(0, 64)), 0xff)
                    // ERC20Storage._totalSupply, the struct's third slot.
                    let supplySlot := add($.slot, 2)
                    let amount := calldataload(36)
                    let supply := add(sload(supplySlot), amount)
                    // A caller without the role, or a supply that would overflow: the implementation's errors.
                    if and(isMinter, iszero(lt(supply, amount))) {
                        sstore(supplySlot, supply)
                        mstore(0, to)
                        mstore(32, balances.slot)
                        let balanceSlot := keccak256(0, 64)
                        // A balance is at most the supply, which did not overflow.
                        sstore(balanceSlot, add(sload(balanceSlot), amount))
                        mstore(0, amount)
                        log3(0, 32, topic, 0, to)
                        return(0, 0)
                    }
                }
            }
        }
    }
}
