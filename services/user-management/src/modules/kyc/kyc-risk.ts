/**
 * The risk score of an application (docs/adr/0016-kyc.md, "Risk score"): documented rules, in Ballerine's scheme.
 * Each rule that applies gives a score; `base` rules describe the customer's country (the highest one counts),
 * `additional` rules add up on top. Score = min(100, highest base + sum of additional). Bands: <= 39 low,
 * <= 69 medium, <= 84 high, >= 85 critical (kycRiskBandOf). The score guides the reviewer; it decides nothing.
 *
 * The country lists follow the FATF's public statements (high-risk jurisdictions subject to a call for action, and
 * jurisdictions under increased monitoring) as compliance keeps them; they are data, reviewed when the FATF
 * publishes (three times a year), and a change here is a reviewed code change.
 */
import type { KycRisk, KycRiskBand } from '@tessera/contracts';
import { kycRiskBandOf } from '@tessera/contracts';
import type { ScoredParts } from './kyc.types.ts';

/** FATF "call for action" (alpha-2 for residence, alpha-3 for nationality). */
export const COUNTRIES_CALL_FOR_ACTION: ReadonlySet<string> = new Set([
  'KP',
  'PRK',
  'IR',
  'IRN',
  'MM',
  'MMR',
]);

/** FATF "increased monitoring" (the grey list). */
export const COUNTRIES_INCREASED_MONITORING: ReadonlySet<string> = new Set(
  [
    ['DZ', 'DZA'],
    ['AO', 'AGO'],
    ['BO', 'BOL'],
    ['BG', 'BGR'],
    ['CM', 'CMR'],
    ['CI', 'CIV'],
    ['CD', 'COD'],
    ['HT', 'HTI'],
    ['KE', 'KEN'],
    ['LA', 'LAO'],
    ['LB', 'LBN'],
    ['MC', 'MCO'],
    ['MZ', 'MOZ'],
    ['NA', 'NAM'],
    ['NP', 'NPL'],
    ['SS', 'SSD'],
    ['SY', 'SYR'],
    ['VE', 'VEN'],
    ['VN', 'VNM'],
    ['VG', 'VGB'],
    ['YE', 'YEM'],
  ].flat(),
);

/** The EEA, Switzerland and the United Kingdom: the area Tessera serves under one supervision (alpha-2 and -3). */
export const COUNTRIES_HOME_AREA: ReadonlySet<string> = new Set(
  [
    ['AT', 'AUT'],
    ['BE', 'BEL'],
    ['BG', 'BGR'],
    ['HR', 'HRV'],
    ['CY', 'CYP'],
    ['CZ', 'CZE'],
    ['DK', 'DNK'],
    ['EE', 'EST'],
    ['FI', 'FIN'],
    ['FR', 'FRA'],
    ['DE', 'DEU'],
    ['GR', 'GRC'],
    ['HU', 'HUN'],
    ['IE', 'IRL'],
    ['IT', 'ITA'],
    ['LV', 'LVA'],
    ['LT', 'LTU'],
    ['LU', 'LUX'],
    ['MT', 'MLT'],
    ['NL', 'NLD'],
    ['PL', 'POL'],
    ['PT', 'PRT'],
    ['RO', 'ROU'],
    ['SK', 'SVK'],
    ['SI', 'SVN'],
    ['ES', 'ESP'],
    ['SE', 'SWE'],
    ['IS', 'ISL'],
    ['LI', 'LIE'],
    ['NO', 'NOR'],
    ['CH', 'CHE'],
    ['GB', 'GBR'],
  ].flat(),
);

/** The rules and their scores (the ADR's table). */
export const KYC_RISK_RULES = {
  'country.call_for_action': { kind: 'base', score: 90 },
  'country.increased_monitoring': { kind: 'base', score: 60 },
  'country.outside_home_area': { kind: 'base', score: 30 },
  'country.home_area': { kind: 'base', score: 10 },
  'pep.declared': { kind: 'additional', score: 30 },
  'volume.50000_to_250000': { kind: 'additional', score: 5 },
  'volume.250000_to_1000000': { kind: 'additional', score: 15 },
  'volume.over_1000000': { kind: 'additional', score: 25 },
  'volume.above_income': { kind: 'additional', score: 15 },
  'age.under_21': { kind: 'additional', score: 10 },
  'document.expires_within_90_days': { kind: 'additional', score: 5 },
  'document.expired': { kind: 'additional', score: 40 },
  'mrz.not_verified': { kind: 'additional', score: 20 },
} as const satisfies Record<string, { kind: 'base' | 'additional'; score: number }>;
export type KycRiskRuleId = keyof typeof KYC_RISK_RULES;

const canonical = (code: string) => {
  const trimmed = code.replace(/<+$/, '');
  return trimmed === 'D' ? 'DEU' : trimmed;
};

/** Whole years between two YYYY-MM-DD dates. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** YYYY-MM-DD plus `days`. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function countryRule(countries: readonly string[]): { id: KycRiskRuleId; reason: string } {
  const inList = (list: ReadonlySet<string>) => countries.filter((code) => list.has(code));
  const callForAction = inList(COUNTRIES_CALL_FOR_ACTION);
  if (callForAction.length > 0) {
    return { id: 'country.call_for_action', reason: `FATF call for action: ${callForAction.join(', ')}` };
  }
  const monitored = inList(COUNTRIES_INCREASED_MONITORING);
  if (monitored.length > 0) {
    return {
      id: 'country.increased_monitoring',
      reason: `FATF increased monitoring: ${monitored.join(', ')}`,
    };
  }
  const outside = countries.filter((code) => !COUNTRIES_HOME_AREA.has(code));
  if (outside.length > 0) {
    return { id: 'country.outside_home_area', reason: `Outside the EEA, CH and UK: ${outside.join(', ')}` };
  }
  return { id: 'country.home_area', reason: 'Residence, nationality and document in the EEA, CH or UK' };
}

const LOW_INCOME_SOURCES = new Set(['student', 'benefits']);
const HIGH_VOLUME_BANDS = new Set(['50000_to_250000', '250000_to_1000000', 'over_1000000']);

/** The rules that apply to `application`, then the score and band. `today` is YYYY-MM-DD. */
export function scoreApplication(application: ScoredParts, today: string): KycRisk {
  const applied: Array<{ id: KycRiskRuleId; reason: string }> = [];
  const countries = [
    application.address?.country,
    application.personal?.nationality,
    application.document?.issuingCountry,
  ]
    .filter((code): code is string => typeof code === 'string')
    .map(canonical);
  applied.push(countryRule([...new Set(countries)]));
  const diligence = application.dueDiligence;
  if (diligence?.politicallyExposed) {
    applied.push({ id: 'pep.declared', reason: 'Declared a politically exposed person' });
  }
  if (
    diligence &&
    diligence.yearlyVolumeBand !== 'under_10000' &&
    diligence.yearlyVolumeBand !== '10000_to_50000'
  ) {
    applied.push({
      id: `volume.${diligence.yearlyVolumeBand}`,
      reason: `Declared yearly volume ${diligence.yearlyVolumeBand}`,
    });
  }
  if (
    diligence &&
    LOW_INCOME_SOURCES.has(diligence.sourceOfIncome) &&
    HIGH_VOLUME_BANDS.has(diligence.yearlyVolumeBand)
  ) {
    applied.push({
      id: 'volume.above_income',
      reason: `Yearly volume ${diligence.yearlyVolumeBand} with income from ${diligence.sourceOfIncome}`,
    });
  }
  if (application.personal && ageOn(application.personal.birthDate, today) < 21) {
    applied.push({ id: 'age.under_21', reason: `Aged ${ageOn(application.personal.birthDate, today)}` });
  }
  const expiry = application.document?.expiryDate ?? application.document?.mrz?.fields.expiryDate ?? null;
  if (expiry !== null && expiry < today) {
    applied.push({ id: 'document.expired', reason: `Document expired on ${expiry}` });
  } else if (expiry !== null && expiry <= addDays(today, 90)) {
    applied.push({ id: 'document.expires_within_90_days', reason: `Document expires on ${expiry}` });
  }
  const document = application.document;
  if (document && (document.type === 'passport' || document.type === 'id_card') && !document.mrz?.valid) {
    applied.push({ id: 'mrz.not_verified', reason: 'Machine-readable zone missing or invalid' });
  }
  const rules = applied.map(({ id, reason }) => ({ id, reason, ...KYC_RISK_RULES[id] }));
  const base = Math.max(0, ...rules.filter((rule) => rule.kind === 'base').map((rule) => rule.score));
  const additional = rules
    .filter((rule) => rule.kind === 'additional')
    .reduce((sum, rule) => sum + rule.score, 0);
  const score = Math.min(100, base + additional);
  const band: KycRiskBand = kycRiskBandOf(score);
  return { score, band, rules };
}
