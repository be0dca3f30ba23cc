/**
 * The instrument catalog's seed: US and European stocks, ETFs and crypto pairs, each listed on one source.
 *
 * - ids are `<symbol>_<source>` (spec section 3); AAPL_cboe is the trading page's default product.
 * - ISINs are the real, public identifiers of these securities (each passes the ISIN check digit, which a test
 *   verifies); crypto pairs have none.
 * - tick sizes are the catalog's own, one per instrument (0.01 in the quote currency, 0.001 GBP on the LSE where
 *   prices are in pounds), not the venues' MiFID II price-band tables; lot sizes make shares fractional in
 *   millionths (the scale-6 units of @tessera/money's instrument assets) and crypto divisible to 10^-8.
 * - sectors are GICS sector names; ETFs and crypto have none.
 */
import type { ProductSource } from '@tessera/contracts';

/** What an instrument is. */
export type InstrumentKind = 'stock' | 'etf' | 'crypto';

/** One instrument of the seed. */
export interface InstrumentData {
  readonly symbol: string;
  readonly source: ProductSource;
  readonly name: string;
  readonly kind: InstrumentKind;
  /** The quote currency (an asset code of @tessera/money). */
  readonly currency: string;
  /** Decimal strings: the smallest price step and the smallest quantity step. */
  readonly tickSize: string;
  readonly lotSize: string;
  readonly isin: string | null;
  readonly sector: string | null;
}

const SHARE_LOT = '0.000001';
const CRYPTO_LOT = '0.00000001';

const IT = 'Information Technology';
const COMMUNICATION = 'Communication Services';
const DISCRETIONARY = 'Consumer Discretionary';
const STAPLES = 'Consumer Staples';
const ENERGY = 'Energy';
const FINANCIALS = 'Financials';
const HEALTH = 'Health Care';
const INDUSTRIALS = 'Industrials';
const MATERIALS = 'Materials';

type Listing = [symbol: string, name: string, isin: string, sector: string | null];

function stocks(
  source: ProductSource,
  currency: string,
  tickSize: string,
  listings: Listing[],
): InstrumentData[] {
  return listings.map(([symbol, name, isin, sector]) => ({
    symbol,
    source,
    name,
    kind: sector === null ? 'etf' : 'stock',
    currency,
    tickSize,
    lotSize: SHARE_LOT,
    isin,
    sector,
  }));
}

function crypto(symbol: string, name: string, currency: string, tickSize: string): InstrumentData {
  return {
    symbol,
    source: 'tessera',
    name,
    kind: 'crypto',
    currency,
    tickSize,
    lotSize: CRYPTO_LOT,
    isin: null,
    sector: null,
  };
}

/** Every instrument the seed writes (a `sector` of null in a stock list marks an ETF). */
export const INSTRUMENTS: readonly InstrumentData[] = [
  ...stocks('cboe', 'USD', '0.01', [
    ['AAPL', 'Apple Inc.', 'US0378331005', IT],
    ['WMT', 'Walmart Inc.', 'US9311421039', STAPLES],
    ['DIS', 'The Walt Disney Company', 'US2546871060', COMMUNICATION],
  ]),
  ...stocks('nasdaq', 'USD', '0.01', [
    ['MSFT', 'Microsoft Corporation', 'US5949181045', IT],
    ['AMZN', 'Amazon.com, Inc.', 'US0231351067', DISCRETIONARY],
    ['GOOGL', 'Alphabet Inc. Class A', 'US02079K3059', COMMUNICATION],
    ['META', 'Meta Platforms, Inc.', 'US30303M1027', COMMUNICATION],
    ['NVDA', 'NVIDIA Corporation', 'US67066G1040', IT],
    ['TSLA', 'Tesla, Inc.', 'US88160R1014', DISCRETIONARY],
    ['NFLX', 'Netflix, Inc.', 'US64110L1061', COMMUNICATION],
    ['INTC', 'Intel Corporation', 'US4581401001', IT],
    ['CSCO', 'Cisco Systems, Inc.', 'US17275R1023', IT],
    ['ADBE', 'Adobe Inc.', 'US00724F1012', IT],
    ['PEP', 'PepsiCo, Inc.', 'US7134481081', STAPLES],
    ['COST', 'Costco Wholesale Corporation', 'US22160K1051', STAPLES],
    ['AMD', 'Advanced Micro Devices, Inc.', 'US0079031078', IT],
    ['QQQ', 'Invesco QQQ Trust', 'US46090E1038', null],
  ]),
  ...stocks('nyse', 'USD', '0.01', [
    ['JPM', 'JPMorgan Chase & Co.', 'US46625H1005', FINANCIALS],
    ['V', 'Visa Inc. Class A', 'US92826C8394', FINANCIALS],
    ['JNJ', 'Johnson & Johnson', 'US4781601046', HEALTH],
    ['PG', 'The Procter & Gamble Company', 'US7427181091', STAPLES],
    ['KO', 'The Coca-Cola Company', 'US1912161007', STAPLES],
    ['XOM', 'Exxon Mobil Corporation', 'US30231G1022', ENERGY],
    ['BAC', 'Bank of America Corporation', 'US0605051046', FINANCIALS],
    ['MA', 'Mastercard Incorporated Class A', 'US57636Q1040', FINANCIALS],
    ['BRK.B', 'Berkshire Hathaway Inc. Class B', 'US0846707026', FINANCIALS],
    ['UNH', 'UnitedHealth Group Incorporated', 'US91324P1021', HEALTH],
    ['HD', 'The Home Depot, Inc.', 'US4370761029', DISCRETIONARY],
    ['PFE', 'Pfizer Inc.', 'US7170811035', HEALTH],
    ['NKE', 'NIKE, Inc. Class B', 'US6541061031', DISCRETIONARY],
    ['IBM', 'International Business Machines Corporation', 'US4592001014', IT],
    ['ORCL', 'Oracle Corporation', 'US68389X1054', IT],
    ['MCD', "McDonald's Corporation", 'US5801351017', DISCRETIONARY],
    ['GS', 'The Goldman Sachs Group, Inc.', 'US38141G1040', FINANCIALS],
    ['CVX', 'Chevron Corporation', 'US1667641005', ENERGY],
    ['SPY', 'SPDR S&P 500 ETF Trust', 'US78462F1030', null],
    ['VOO', 'Vanguard S&P 500 ETF', 'US9229083632', null],
    ['VTI', 'Vanguard Total Stock Market ETF', 'US9229087690', null],
    ['IWM', 'iShares Russell 2000 ETF', 'US4642876555', null],
    ['DIA', 'SPDR Dow Jones Industrial Average ETF Trust', 'US78467X1090', null],
    ['EEM', 'iShares MSCI Emerging Markets ETF', 'US4642872349', null],
    ['GLD', 'SPDR Gold Shares', 'US78463V1070', null],
  ]),
  ...stocks('xetra', 'EUR', '0.01', [
    ['SAP', 'SAP SE', 'DE0007164600', IT],
    ['SIE', 'Siemens AG', 'DE0007236101', INDUSTRIALS],
    ['ALV', 'Allianz SE', 'DE0008404005', FINANCIALS],
    ['DTE', 'Deutsche Telekom AG', 'DE0005557508', COMMUNICATION],
    ['BAS', 'BASF SE', 'DE000BASF111', MATERIALS],
    ['BAYN', 'Bayer AG', 'DE000BAY0017', HEALTH],
    ['MBG', 'Mercedes-Benz Group AG', 'DE0007100000', DISCRETIONARY],
    ['BMW', 'Bayerische Motoren Werke AG', 'DE0005190003', DISCRETIONARY],
    ['ADS', 'adidas AG', 'DE000A1EWWW0', DISCRETIONARY],
    ['DBK', 'Deutsche Bank AG', 'DE0005140008', FINANCIALS],
    ['IFX', 'Infineon Technologies AG', 'DE0006231004', IT],
    ['MUV2', 'Münchener Rückversicherungs-Gesellschaft AG', 'DE0008430026', FINANCIALS],
    ['VOW3', 'Volkswagen AG Vorzugsaktien', 'DE0007664039', DISCRETIONARY],
    ['EUNL', 'iShares Core MSCI World UCITS ETF USD (Acc)', 'IE00B4L5Y983', null],
  ]),
  ...stocks('euronext', 'EUR', '0.01', [
    ['MC', 'LVMH Moët Hennessy Louis Vuitton SE', 'FR0000121014', DISCRETIONARY],
    ['TTE', 'TotalEnergies SE', 'FR0000120271', ENERGY],
    ['SAN', 'Sanofi', 'FR0000120578', HEALTH],
    ['OR', "L'Oréal S.A.", 'FR0000120321', STAPLES],
    ['AIR', 'Airbus SE', 'NL0000235190', INDUSTRIALS],
    ['BNP', 'BNP Paribas SA', 'FR0000131104', FINANCIALS],
    ['ASML', 'ASML Holding N.V.', 'NL0010273215', IT],
    ['SU', 'Schneider Electric SE', 'FR0000121972', INDUSTRIALS],
    ['RMS', 'Hermès International', 'FR0000052292', DISCRETIONARY],
    ['BN', 'Danone S.A.', 'FR0000120644', STAPLES],
    ['CS', 'AXA SA', 'FR0000120628', FINANCIALS],
    ['HEIA', 'Heineken N.V.', 'NL0000009165', STAPLES],
    ['PHIA', 'Koninklijke Philips N.V.', 'NL0000009538', HEALTH],
  ]),
  ...stocks('lse', 'GBP', '0.001', [
    ['SHEL', 'Shell plc', 'GB00BP6MXD84', ENERGY],
    ['AZN', 'AstraZeneca PLC', 'GB0009895292', HEALTH],
    ['HSBA', 'HSBC Holdings plc', 'GB0005405286', FINANCIALS],
    ['ULVR', 'Unilever PLC', 'GB00B10RZP78', STAPLES],
    ['BP', 'BP p.l.c.', 'GB0007980591', ENERGY],
    ['GSK', 'GSK plc', 'GB00BN7SWP63', HEALTH],
    ['DGE', 'Diageo plc', 'GB0002374006', STAPLES],
    ['RIO', 'Rio Tinto plc', 'GB0007188757', MATERIALS],
    ['BARC', 'Barclays PLC', 'GB0031348658', FINANCIALS],
    ['VOD', 'Vodafone Group Plc', 'GB00BH4HKS39', COMMUNICATION],
    ['LLOY', 'Lloyds Banking Group plc', 'GB0008706128', FINANCIALS],
    ['VWRL', 'Vanguard FTSE All-World UCITS ETF (Dist)', 'IE00B3RBWM25', null],
  ]),
  // The LSE line of iShares Core S&P 500 trades in US dollars.
  ...stocks('lse', 'USD', '0.01', [
    ['CSPX', 'iShares Core S&P 500 UCITS ETF USD (Acc)', 'IE00B5BMR087', null],
  ]),
  ...stocks('six', 'CHF', '0.01', [
    ['NESN', 'Nestlé S.A.', 'CH0038863350', STAPLES],
    ['NOVN', 'Novartis AG', 'CH0012005267', HEALTH],
    ['ROG', 'Roche Holding AG Genussschein', 'CH0012032048', HEALTH],
    ['UBSG', 'UBS Group AG', 'CH0244767585', FINANCIALS],
    ['ZURN', 'Zurich Insurance Group AG', 'CH0011075394', FINANCIALS],
    ['ABBN', 'ABB Ltd', 'CH0012221716', INDUSTRIALS],
    ['LONN', 'Lonza Group AG', 'CH0013841017', HEALTH],
    ['CFR', 'Compagnie Financière Richemont SA', 'CH0210483332', DISCRETIONARY],
  ]),
  crypto('BTC-USD', 'Bitcoin / US dollar', 'USD', '0.01'),
  crypto('BTC-EUR', 'Bitcoin / euro', 'EUR', '0.01'),
  crypto('BTC-GBP', 'Bitcoin / pound sterling', 'GBP', '0.01'),
  crypto('BTC-CHF', 'Bitcoin / Swiss franc', 'CHF', '0.01'),
  crypto('ETH-USD', 'Ether / US dollar', 'USD', '0.01'),
  crypto('ETH-EUR', 'Ether / euro', 'EUR', '0.01'),
  crypto('USDC-EUR', 'USD Coin / euro', 'EUR', '0.0001'),
];

/** The product id of a seeded instrument. */
export function instrumentId(instrument: Pick<InstrumentData, 'symbol' | 'source'>): string {
  return `${instrument.symbol}_${instrument.source}`;
}
