/**
 * Switching product: the address (?product), lastProduct (spec section 3) and every other trading window follow.
 * A product announced by another window is shown here without announcing it again (no echo loops); a watchlist
 * saved in another window replaces this window's copy.
 */
import { useCallback, useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Order, ProductId } from '@tessera/contracts';
import { rememberProduct } from '../lib/last-product.ts';
import type { DetachedComponent } from '../lib/trading-components.ts';
import { broadcast, useTradingSync } from '../lib/trading-sync.ts';
import { useApplyOrder } from '../api/trading-request.ts';
import { applyWatchlist } from '../api/update-watchlist.ts';

/** Where a window shows its product: the trading page, or a detached panel. */
export type TradingWindow = { kind: 'main' } | { kind: 'detached'; component: DetachedComponent };

export function useProductSwitch(window: TradingWindow, product: ProductId): (next: ProductId) => void {
  const navigate = useNavigate();
  const applyOrder = useApplyOrder();
  const queryClient = useQueryClient();

  useEffect(() => rememberProduct(product), [product]);
  // The main window leads: however it came to show a product (a link, the back button, another window), the
  // detached windows follow. A window already showing it does nothing, so nothing echoes back and forth.
  const leads = window.kind === 'main';
  useEffect(() => {
    if (leads) {
      broadcast({ type: 'product', product });
    }
  }, [leads, product]);

  const show = useCallback(
    (next: ProductId) => {
      if (window.kind === 'main') {
        void navigate({ to: '/dashboard/trading/', search: { product: next } });
      } else {
        void navigate({
          to: '/dashboard/trading/detached/',
          search: { component: window.component, product: next },
        });
      }
    },
    // The window's kind and component never change while mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate],
  );

  useTradingSync({
    onProduct: (next) => {
      if (next !== product) {
        show(next);
      }
    },
    onOrder: (order: Order) => applyOrder(order),
    onWatchlist: (watchlist) => applyWatchlist(queryClient, watchlist),
  });

  return useCallback(
    (next: ProductId) => {
      if (next === product) {
        return;
      }
      show(next);
      broadcast({ type: 'product', product: next });
    },
    [product, show],
  );
}
