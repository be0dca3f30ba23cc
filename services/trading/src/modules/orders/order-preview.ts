/**
 * `POST /orders/preview`: what an order would cost, from its pre-trade checks (the contract's `OrderPreview`).
 */
import type { OrderPreview, PreviewOrderRequest } from '@tessera/contracts';
import { Decimal } from '@tessera/money';
import {
  formatCurrency,
  grossMinorOf,
  lotsToQuantity,
  ticksToPrice,
} from '../instruments/instrument-spec.ts';
import { type CheckedOrder, estimatedFeeMinor } from './pre-trade.ts';

/** The preview of a checked order: estimates at its estimate price, what it would hold, and what remains. */
export function previewOf(checked: CheckedOrder, request: PreviewOrderRequest): OrderPreview {
  const { spec } = checked;
  const estimatedMinor = grossMinorOf(spec, checked.quantityLots * BigInt(checked.estimateTicks));
  const feeMinor = estimatedFeeMinor(spec, request.side, estimatedMinor);
  const buy = request.side === 'buy';
  const unitsOf = (minor: bigint) => Decimal.of(minor, spec.unitsScale).normalize().toString();
  return {
    productId: spec.productId,
    side: request.side,
    type: request.type,
    currency: spec.currency,
    quantity: lotsToQuantity(spec, checked.quantityLots),
    estimatedPrice: ticksToPrice(spec, checked.estimateTicks),
    estimatedAmount: formatCurrency(spec, estimatedMinor),
    estimatedFee: formatCurrency(spec, feeMinor),
    estimatedTotal: formatCurrency(spec, buy ? estimatedMinor + feeMinor : estimatedMinor - feeMinor),
    reserved: buy ? formatCurrency(spec, checked.reservationMinor) : unitsOf(checked.reservationMinor),
    buyingPower: formatCurrency(spec, checked.buyingPowerMinor),
    buyingPowerAfter: formatCurrency(
      spec,
      buy ? checked.buyingPowerMinor - checked.reservationMinor : checked.buyingPowerMinor,
    ),
    position: unitsOf(checked.positionAvailableMinor),
    positionAfter: unitsOf(
      buy ? checked.positionAvailableMinor : checked.positionAvailableMinor - checked.reservationMinor,
    ),
    collarPrice: request.type === 'market' ? ticksToPrice(spec, checked.maxPriceTicks) : null,
    marketOpen: checked.marketOpen,
  };
}
