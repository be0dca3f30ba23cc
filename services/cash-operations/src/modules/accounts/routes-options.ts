/** What every route plugin of cash operations is registered with (src/service.ts). */
import type { ServiceContext } from '@tessera/platform';
import type { CashCore } from './cash-core.ts';

export type CashRoutesOptions = {
  readonly context: ServiceContext;
  readonly core: CashCore;
};
