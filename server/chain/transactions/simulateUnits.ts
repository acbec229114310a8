import { ChainRejectedError } from "../../errors.js";
import { joinUnit, type LaneCall, type TransactionUnit } from "./joinCalls.js";
import type { PreparedTransaction } from "./signAndRecord.js";

export type SimulatedUnits<T> = {
  /** What to sign, in the order the units came. */
  ready: TransactionUnit<T, PreparedTransaction>[];
  /** Calls refused before any nonce was spent: their revert, or the RPC's failure to simulate them. */
  refused: { member: T; error: unknown }[];
};

/**
 * Simulates the units a lane is about to sign whose calls were not simulated on arrival (joinable calls): each as the
 * one transaction it will be, so N joined mints cost the node one estimate instead of N. When a joined simulation
 * reverts, its calls are simulated one by one: those that revert are refused alone with their own reason, the rest
 * are joined again, or sent one by one if together they still revert. A joined unit whose estimate exceeds maxGas is
 * cut into pieces of as many calls as fit.
 */
export async function simulateUnits<T>(
  units: readonly TransactionUnit<T>[],
  preparedOf: (item: T) => LaneCall,
  deps: { gasLimitFor(call: LaneCall): Promise<bigint>; maxGas: bigint },
): Promise<SimulatedUnits<T>> {
  const settle = async (members: T[]): Promise<SimulatedUnits<T>> => {
    const unit = joinUnit(members, preparedOf);
    let gasLimit: bigint;
    try {
      gasLimit = unit.prepared.gasLimit ?? (await deps.gasLimitFor(unit.prepared));
    } catch (error) {
      if (!(error instanceof ChainRejectedError) || members.length === 1) {
        return { ready: [], refused: members.map((member) => ({ member, error })) };
      }
      const alone = await Promise.all(members.map((member) => settle([member])));
      const refused = alone.flatMap((outcome) => outcome.refused);
      const passed = alone.flatMap((outcome) => outcome.ready.flatMap((ready) => ready.members));
      // Each passes alone but not together (say, a supply cap): each goes on its own and the chain decides.
      if (refused.length === 0 || passed.length <= 1) return { ready: alone.flatMap((outcome) => outcome.ready), refused };
      const rest = await settle(passed);
      return { ready: rest.ready, refused: [...refused, ...rest.refused] };
    }
    if (gasLimit > deps.maxGas && members.length > 1) {
      // As many calls as fit, by the gas each took here, so that the pieces are as full as maxGas allows.
      const fit = Math.min(members.length - 1, Math.max(1, Number((BigInt(members.length) * deps.maxGas) / gasLimit)));
      const pieces = Array.from({ length: Math.ceil(members.length / fit) }, (_, index) => members.slice(index * fit, (index + 1) * fit));
      const outcomes = await Promise.all(pieces.map(settle));
      return { ready: outcomes.flatMap((outcome) => outcome.ready), refused: outcomes.flatMap((outcome) => outcome.refused) };
    }
    return { ready: [{ prepared: { ...unit.prepared, gasLimit }, members }], refused: [] };
  };

  const outcomes = await Promise.all(
    units.map((unit) =>
      unit.prepared.gasLimit === null ? settle(unit.members) : { ready: [{ prepared: { ...unit.prepared, gasLimit: unit.prepared.gasLimit }, members: unit.members }], refused: [] },
    ),
  );
  return { ready: outcomes.flatMap((outcome) => outcome.ready), refused: outcomes.flatMap((outcome) => outcome.refused) };
}
