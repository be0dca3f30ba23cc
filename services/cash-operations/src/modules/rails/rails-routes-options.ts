/** What the rails' route plugins are registered with (rails.routes.ts builds it once per service instance). */
import type { ServiceContext } from '@tessera/platform';
import type { CashCore } from '../accounts/cash-core.ts';
import type { CardRail } from '../card/card.service.ts';
import type { CryptoRail } from '../crypto/crypto.service.ts';
import type { SepaRail } from '../sepa/sepa-rail.ts';
import type { Rails, RailsSettings } from './rails.ts';

/** What the rails of one service instance are made of (tests reach them through `railsOf`). */
export interface RailsInstance {
  readonly rails: Rails;
  readonly card: CardRail;
  readonly crypto: CryptoRail;
  readonly sepa: SepaRail;
}

export type RailRoutesOptions = {
  readonly context: ServiceContext;
  readonly core: CashCore;
  readonly instance: RailsInstance;
  readonly settings: RailsSettings;
  /** The /dev/… simulators credit money that no payer sent: mounted in demo mode only (404 otherwise). */
  readonly devRoutes: boolean;
};
