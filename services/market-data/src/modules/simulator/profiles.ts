/**
 * What the simulator needs to know about each instrument beyond the catalog: a starting price in the instrument's
 * currency, its annualised volatility, the market factor it moves with, how often it jumps, how wide it is quoted
 * and how much of it trades. Starting prices are rounded levels of late 2025, so charts look familiar; the
 * volatilities are typical realised figures (defensive stocks about 18%, large caps 25-35%, high-beta names 45-60%,
 * broad ETFs 14-16%, bitcoin 55%, ether 70%). An instrument missing from the table gets its kind's defaults and a
 * starting price of 100, so a catalog addition never breaks the simulator.
 */
import type { InstrumentInfo, ProductSource } from '@tessera/contracts';

/** The simulator's parameters of one instrument. */
export interface InstrumentProfile {
  /** The price at the simulator's anchor time (its first start), in the quote currency. */
  readonly anchorPrice: number;
  /** Annualised volatility of log returns (0.25 is 25%). */
  readonly annualVolatility: number;
  /** Annual drift of the price. */
  readonly annualDrift: number;
  /** The factor whose shocks the instrument shares (its region, or bitcoin for crypto). */
  readonly factor: string;
  /** Correlation of the instrument's returns with its factor. */
  readonly factorCorrelation: number;
  /** Expected jumps per year, and the standard deviation of a jump's log size. */
  readonly jumpsPerYear: number;
  readonly jumpVolatility: number;
  /** Quoted spread around the reference price, in basis points (at least one tick is always kept). */
  readonly spreadBps: number;
  /** Quantity traded on an average day, in units of the instrument. */
  readonly dailyVolume: number;
  /** Simulated prints per second while open. */
  readonly printsPerSecond: number;
  /** The smallest quantity the simulated market makers and prints use, a decimal string (`1` share). */
  readonly quantityStep: string;
}

// [starting price, annual volatility]
const TABLE: Readonly<Record<string, readonly [number, number]>> = {
  AAPL_cboe: [230, 0.27],
  WMT_cboe: [95, 0.18],
  DIS_cboe: [112, 0.28],
  MSFT_nasdaq: [420, 0.25],
  AMZN_nasdaq: [220, 0.32],
  GOOGL_nasdaq: [190, 0.3],
  META_nasdaq: [600, 0.38],
  NVDA_nasdaq: [135, 0.5],
  TSLA_nasdaq: [340, 0.6],
  NFLX_nasdaq: [900, 0.36],
  INTC_nasdaq: [21, 0.45],
  CSCO_nasdaq: [60, 0.22],
  ADBE_nasdaq: [430, 0.33],
  PEP_nasdaq: [150, 0.17],
  COST_nasdaq: [920, 0.21],
  AMD_nasdaq: [125, 0.5],
  QQQ_nasdaq: [510, 0.2],
  JPM_nyse: [245, 0.24],
  V_nyse: [320, 0.2],
  JNJ_nyse: [155, 0.17],
  PG_nyse: [168, 0.16],
  KO_nyse: [64, 0.16],
  XOM_nyse: [110, 0.25],
  BAC_nyse: [45, 0.28],
  MA_nyse: [520, 0.21],
  'BRK.B_nyse': [470, 0.17],
  UNH_nyse: [520, 0.3],
  HD_nyse: [400, 0.22],
  PFE_nyse: [26, 0.25],
  NKE_nyse: [75, 0.32],
  IBM_nyse: [230, 0.23],
  ORCL_nyse: [180, 0.35],
  MCD_nyse: [295, 0.18],
  GS_nyse: [600, 0.28],
  CVX_nyse: [155, 0.24],
  SPY_nyse: [595, 0.15],
  VOO_nyse: [545, 0.15],
  VTI_nyse: [295, 0.16],
  IWM_nyse: [225, 0.22],
  DIA_nyse: [430, 0.14],
  EEM_nyse: [43, 0.18],
  GLD_nyse: [245, 0.15],
  SAP_xetra: [240, 0.27],
  SIE_xetra: [190, 0.26],
  ALV_xetra: [300, 0.2],
  DTE_xetra: [30, 0.17],
  BAS_xetra: [45, 0.25],
  BAYN_xetra: [22, 0.38],
  MBG_xetra: [55, 0.28],
  BMW_xetra: [75, 0.27],
  ADS_xetra: [230, 0.3],
  DBK_xetra: [17, 0.33],
  IFX_xetra: [33, 0.38],
  MUV2_xetra: [490, 0.2],
  VOW3_xetra: [90, 0.3],
  EUNL_xetra: [105, 0.14],
  MC_euronext: [650, 0.28],
  TTE_euronext: [56, 0.23],
  SAN_euronext: [95, 0.19],
  OR_euronext: [350, 0.22],
  AIR_euronext: [165, 0.28],
  BNP_euronext: [62, 0.28],
  ASML_euronext: [680, 0.38],
  SU_euronext: [245, 0.27],
  RMS_euronext: [2300, 0.27],
  BN_euronext: [66, 0.18],
  CS_euronext: [35, 0.22],
  HEIA_euronext: [80, 0.21],
  PHIA_euronext: [24, 0.33],
  SHEL_lse: [26.5, 0.22],
  AZN_lse: [110, 0.22],
  HSBA_lse: [8.6, 0.24],
  ULVR_lse: [46, 0.17],
  BP_lse: [4.2, 0.27],
  GSK_lse: [14.5, 0.22],
  DGE_lse: [22, 0.24],
  RIO_lse: [48, 0.27],
  BARC_lse: [2.9, 0.33],
  VOD_lse: [0.72, 0.27],
  LLOY_lse: [0.55, 0.28],
  VWRL_lse: [120, 0.14],
  CSPX_lse: [620, 0.15],
  NESN_six: [80, 0.17],
  NOVN_six: [95, 0.18],
  ROG_six: [260, 0.2],
  UBSG_six: [28, 0.3],
  ZURN_six: [540, 0.17],
  ABBN_six: [50, 0.24],
  LONN_six: [560, 0.3],
  CFR_six: [140, 0.3],
  'BTC-USD_tessera': [95_000, 0.55],
  'BTC-EUR_tessera': [88_000, 0.55],
  'BTC-GBP_tessera': [75_000, 0.55],
  'BTC-CHF_tessera': [84_000, 0.55],
  'ETH-USD_tessera': [3_300, 0.7],
  'ETH-EUR_tessera': [3_050, 0.7],
  'USDC-EUR_tessera': [0.92, 0.06],
};

const FACTOR_OF_SOURCE: Record<ProductSource, string> = {
  cboe: 'us',
  nasdaq: 'us',
  nyse: 'us',
  xetra: 'europe',
  euronext: 'europe',
  lse: 'uk',
  six: 'switzerland',
  tessera: 'bitcoin',
};

// Broad ETFs are nearly their market; these move with something else or only partly with it.
const ETF_CORRELATION: Readonly<Record<string, number>> = {
  QQQ_nasdaq: 0.9,
  IWM_nyse: 0.85,
  EEM_nyse: 0.5,
  GLD_nyse: 0.1,
};

// Typical turnover of a day in the instrument's currency, by venue: what the volumes are sized from.
const DAILY_TURNOVER_BY_SOURCE: Record<ProductSource, number> = {
  cboe: 2e9,
  nasdaq: 2e9,
  nyse: 1.5e9,
  xetra: 3e8,
  euronext: 3e8,
  lse: 2e8,
  six: 2e8,
  tessera: 1e9,
};

const SPREAD_BPS_BY_SOURCE: Record<ProductSource, number> = {
  cboe: 1.5,
  nasdaq: 1.5,
  nyse: 1.5,
  xetra: 4,
  euronext: 4,
  lse: 6,
  six: 4,
  tessera: 1,
};

/** The simulator's profile of an instrument. */
export function profileOf(instrument: InstrumentInfo): InstrumentProfile {
  const [anchorPrice, annualVolatility] = TABLE[instrument.id] ?? [100, defaultVolatility(instrument)];
  const isEtf = instrument.kind === 'etf';
  const isCrypto = instrument.kind === 'crypto';
  const isStablecoin = instrument.symbol.startsWith('USDC');
  const turnover = DAILY_TURNOVER_BY_SOURCE[instrument.source] * (isEtf ? 2 : 1) * (isStablecoin ? 0.2 : 1);
  return {
    anchorPrice,
    annualVolatility,
    annualDrift: isStablecoin ? 0 : isCrypto ? 0.1 : isEtf ? 0.05 : 0.07,
    factor: isStablecoin ? 'usd-eur' : FACTOR_OF_SOURCE[instrument.source],
    factorCorrelation: isStablecoin
      ? 0
      : isCrypto
        ? instrument.symbol.startsWith('BTC')
          ? 0.97
          : 0.75
        : isEtf
          ? (ETF_CORRELATION[instrument.id] ?? 0.95)
          : 0.55,
    jumpsPerYear: isStablecoin ? 0 : isCrypto ? 8 : isEtf ? 1 : 3,
    jumpVolatility: isCrypto ? 0.06 : isEtf ? 0.025 : 0.05,
    spreadBps: SPREAD_BPS_BY_SOURCE[instrument.source] * (isEtf ? 0.6 : 1) * (isStablecoin ? 2 : 1),
    dailyVolume: turnover / anchorPrice,
    printsPerSecond: isCrypto
      ? isStablecoin
        ? 0.5
        : 2
      : instrument.source === 'lse' || instrument.source === 'six'
        ? 0.6
        : 1.2,
    quantityStep: isCrypto && !isStablecoin ? '0.0001' : '1',
  };
}

function defaultVolatility(instrument: InstrumentInfo): number {
  return instrument.kind === 'crypto' ? 0.6 : instrument.kind === 'etf' ? 0.16 : 0.28;
}
