// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Which generation of tokenhub's token contracts a collection runs, so that a service importing it knows how
/// it mints (src/chain/contractGenerations.ts). Generations 1 and 2 have no such function: calling it reverts.
abstract contract ContractGeneration {
    function contractGeneration() external pure returns (uint256) {
        return 3;
    }
}
