/**
 * Settings section tradingPreferences (PRODUCT.md, "Trading"): what the order form starts with. Kept by user
 * management with the customer's profile: GET and PUT /api/user-management/me/trading-preferences.
 */
import { z } from 'zod';
import { DEFAULT_PRODUCT, isProductId } from './product.ts';
import { textSchema } from './text.ts';
import { ORDER_TYPES } from './trading.ts';

/** The times in force an order form may start with (GTD needs a date, so it is chosen per order). */
export const DEFAULT_TIME_IN_FORCE_CHOICES = ['DAY', 'GTC', 'IOC', 'FOK'] as const;
/** How the order form sizes an order: units, or an amount of the instrument's currency. */
export const QUANTITY_MODES = ['quantity', 'amount'] as const;

export const tradingPreferencesSchema = z
  .object({
    defaultOrderType: z.enum(ORDER_TYPES),
    timeInForce: z.enum(DEFAULT_TIME_IN_FORCE_CHOICES),
    quantityMode: z.enum(QUANTITY_MODES),
    /** Ask for a confirmation with the order's preview before placing it. */
    confirmOrders: z.boolean(),
    /** The product /dashboard/trading/ opens when neither ?product nor the last product says otherwise. */
    defaultProduct: textSchema({ max: 40, trim: false }).refine(isProductId, { error: 'Invalid product' }),
  })
  .strict();
export type TradingPreferences = z.infer<typeof tradingPreferencesSchema>;

/** What a customer who never saved preferences gets. */
export const DEFAULT_TRADING_PREFERENCES: TradingPreferences = {
  defaultOrderType: 'limit',
  timeInForce: 'DAY',
  quantityMode: 'quantity',
  confirmOrders: true,
  defaultProduct: DEFAULT_PRODUCT,
};
