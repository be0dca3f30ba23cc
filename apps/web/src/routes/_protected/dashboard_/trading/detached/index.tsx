import { createFileRoute } from '@tanstack/react-router';
import { assertProductId } from '@tessera/contracts';
import type { SearchInput } from '#/lib/search-params.ts';
import { DETACHED_COMPONENTS, type DetachedComponent } from '#/features/trading/lib/trading-components.ts';
import { DetachedWindow } from '#/features/trading/components/detached-window.tsx';

// Spec section 5: the detached window requires a valid product ('Invalid product') and one of three components.
export const Route = createFileRoute('/_protected/dashboard_/trading/detached/')({
  validateSearch: (raw: SearchInput) => {
    const component = raw['component'];
    if (!(DETACHED_COMPONENTS as readonly unknown[]).includes(component)) {
      throw new Error('Invalid route');
    }
    return { component: component as DetachedComponent, product: assertProductId(raw['product']) };
  },
  loaderDeps: ({ search }) => ({ product: search.product }),
  loader: ({ context, deps }) =>
    import('#/features/trading/api/load-trading.ts').then((m) => m.loadDetachedPanel(context, deps.product)),
  component: Detached,
});

function Detached() {
  const { component, product } = Route.useSearch();
  return <DetachedWindow component={component} product={product} />;
}
