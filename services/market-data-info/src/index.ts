/**
 * @tessera/service-market-data-info: the instrument catalog (instruments, sources, venue calendars) and
 * `isOpen(instrument, at)`, which other services use for the "open market" pre-trade check.
 */
export { createMarketDataInfoApi } from './modules/catalog/market-data-info-api.ts';
export {
  createMarketDataInfoService,
  MARKET_DATA_INFO_API_PREFIX,
  marketDataInfoService,
} from './service.ts';
export {
  INSTRUMENTS,
  instrumentId,
  type InstrumentData,
  type InstrumentKind,
} from './modules/catalog/catalog.data.ts';
export { VENUE_CALENDARS, type VenueCalendar, type VenueHoliday } from './modules/calendar/calendar.data.ts';
export {
  CALENDAR_YEARS,
  isOpen,
  isVenueOpen,
  localTime,
  venueCalendar,
} from './modules/calendar/calendar.ts';
export type {
  InstrumentResponse,
  InstrumentsResponse,
  InstrumentView,
  SourcesResponse,
  SourceView,
} from './modules/catalog/catalog.schemas.ts';
