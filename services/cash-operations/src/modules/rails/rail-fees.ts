/**
 * The rails' fees, only from the one fee schedule (packages/contracts/src/fees.ts): depositCard (a rate),
 * depositSepa and depositCrypto (free today), withdrawalSepa (free today) and withdrawalCrypto (a network fee per
 * asset). A change of the schedule changes what is charged, with no code change here.
 */
import { type FeeCharge, getFee, rateFeeMinor } from '@tessera/contracts';
import { amountFromDecimal, type Asset } from '@tessera/money';

/** The rail fee ids of the schedule. */
export type RailFeeId =
  'depositCard' | 'depositSepa' | 'depositCrypto' | 'withdrawalSepa' | 'withdrawalCrypto';

/** The fee in minor units of `asset` that schedule line `feeId` charges on `amountMinor`. */
export function railFeeMinor(feeId: RailFeeId, asset: Asset, amountMinor: bigint): bigint {
  return feeOfCharge(getFee(feeId).charge, asset, amountMinor);
}

function feeOfCharge(charge: FeeCharge, asset: Asset, amountMinor: bigint): bigint {
  switch (charge.type) {
    case 'free':
      return 0n;
    case 'rate': {
      const fee = rateFeeMinor(amountMinor, charge.basisPoints);
      const minimum =
        charge.minimum && (charge.minimum.asset === '*' || charge.minimum.asset === asset.code)
          ? amountFromDecimal(charge.minimum.amount, asset)
          : 0n;
      return fee > minimum ? fee : minimum;
    }
    case 'perAsset': {
      const line = charge.fees.find((fee) => fee.asset === asset.code);
      return line ? amountFromDecimal(line.amount, asset) : 0n;
    }
    case 'fixed':
      return charge.fee.asset === asset.code ? amountFromDecimal(charge.fee.amount, asset) : 0n;
  }
}
