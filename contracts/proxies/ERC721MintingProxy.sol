// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MintingProxy} from "./MintingProxy.sol";
import {OpenZeppelinStorage} from "../base/OpenZeppelinStorage.sol";
import {TokenHubStorage} from "../base/TokenHubStorage.sol";

/// @notice A TokenHubERC721 collection: `mintTo(to, 1)` to an account without code runs here, everything else in
/// the implementation.
contract ERC721MintingProxy is MintingProxy {
    bytes4 private constant MINT_TO = bytes4(keccak256("mintTo(address,uint256)"));
    bytes32 private constant TRANSFER = keccak256("Transfer(address,address,uint256)");

    constructor(address implementation) MintingProxy(implementation) {}

    /// @dev TokenHubERC721.mintTo of one token to an account without code: no receiver to ask, so `_safeMint`'s
    /// writes and event only, for the next sequential id, which is returned.
    function _mintHere() internal override {
        bytes32 minters = OpenZeppelinStorage.MINTERS_SLOT;
        uint32 selector = uint32(MINT_TO);
        bytes32 topic = TRANSFER;
        OpenZeppelinStorage.ERC721Storage storage $ = OpenZeppelinStorage.erc721();
        mapping(address => uint256) storage balances = $._balances;
        mapping(uint256 => address) storage owners = $._owners;
        TokenHubStorage.ERC721Storage storage counters = TokenHubStorage.erc721();
        assembly {
            // Any other function goes to the implementation after this one comparison.
            if and(eq(shr(224, calldataload(0)), selector), gt(calldatasize(), 67)) {
                let to := calldataload(4)
                // One token, no value, `to` a clean nonzero address without code.
                if and(and(iszero(callvalue()), eq(calldataload(36), 1)), and(iszero(shr(160, to)), iszero(iszero(to)))) {
                    if iszero(extcodesize(to)) {
                        mstore(0, caller())
                        mstore(32, minters)
                        // AccessControl's bool, in the slot's low byte.
                        let isMinter := and(sload(keccak256(0, 64)), 0xff)
                        // TokenHubStorage.ERC721Storage: the next id in the low 248 bits, `transferable` above them.
                        let packed := sload(counters.slot)
                        let tokenId := and(packed, sub(shl(248, 1), 1))
                        // A caller without the role, or ids at their limit: the implementation's errors.
                        if and(isMinter, lt(tokenId, sub(shl(248, 1), 1))) {
                            sstore(counters.slot, add(packed, 1))
                            mstore(0, to)
                            mstore(32, balances.slot)
                            let balanceSlot := keccak256(0, 64)
                            // A balance is at most the number of tokens minted, which cannot overflow.
                            sstore(balanceSlot, add(sload(balanceSlot), 1))
                            mstore(0, tokenId)
                            mstore(32, owners.slot)
                            sstore(keccak256(0, 64), to)
                            log4(0, 0, topic, 0, to, tokenId)
                            mstore(0, tokenId)
                            return(0, 32)
                        }
                    }
                }
            }
        }
    }
}
