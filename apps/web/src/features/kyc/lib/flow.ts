/**
 * The steps of the identity-verification flow (PRODUCT.md "Identity verification": details, address, document
 * front and back, selfie, due-diligence questions, submit) and which parts of the application each one fills
 * (the contract's KYC_APPLICATION_PARTS), so the flow resumes at the first step the server still misses.
 * Passports and identity cards add the machine-readable zone; driving licences and residence permits do not.
 */
import {
  KYC_MRZ_DOCUMENT_TYPES,
  type KycApplicationPart,
  type KycApplicationResponse,
  type KycDocumentType,
} from '@tessera/contracts';

export const KYC_STEPS = [
  'personal',
  'address',
  'document',
  'photos',
  'mrz',
  'selfie',
  'questions',
  'review',
] as const;
export type KycStep = (typeof KYC_STEPS)[number];

/** The parts of the application each step fills. */
export const STEP_PARTS: Readonly<Record<KycStep, readonly KycApplicationPart[]>> = {
  personal: ['personal'],
  address: ['address'],
  document: ['document'],
  photos: ['file.front', 'file.back'],
  mrz: ['document.mrz'],
  selfie: ['file.selfie'],
  questions: ['dueDiligence', 'dueDiligence.sourceOfFunds'],
  review: [],
};

/** Whether a document type has a machine-readable zone the flow asks for. */
export function hasMrz(type: KycDocumentType | undefined): boolean {
  return type === undefined || KYC_MRZ_DOCUMENT_TYPES.includes(type);
}

/** The steps for the chosen document (all of them until one is chosen). */
export function stepsFor(type: KycDocumentType | undefined): KycStep[] {
  return KYC_STEPS.filter((step) => step !== 'mrz' || hasMrz(type));
}

/** The step after `step`, or null after the review. */
export function nextStep(step: KycStep, type: KycDocumentType | undefined): KycStep | null {
  const steps = stepsFor(type);
  return steps[steps.indexOf(step) + 1] ?? null;
}

/** The step before `step`, or null at the first. */
export function previousStep(step: KycStep, type: KycDocumentType | undefined): KycStep | null {
  const steps = stepsFor(type);
  const index = steps.indexOf(step);
  return index > 0 ? (steps[index - 1] ?? null) : null;
}

/** Where a customer coming back continues: the first step with a missing part, else the review. */
export function resumeStep(application: Pick<KycApplicationResponse, 'missing' | 'document'>): KycStep {
  const missing = new Set(application.missing);
  return (
    stepsFor(application.document?.type).find((step) => STEP_PARTS[step].some((part) => missing.has(part))) ??
    'review'
  );
}

/** The step that fills a missing part (the review lists them with a link each). */
export function stepOfPart(part: KycApplicationPart): KycStep {
  return KYC_STEPS.find((step) => STEP_PARTS[step].includes(part)) ?? 'review';
}

/** Whether the customer may change the application now (the contract's KYC_EDITABLE_STATUSES). */
export function isEditable(status: KycApplicationResponse['status']): boolean {
  return (
    status === 'not_started' ||
    status === 'in_progress' ||
    status === 'more_info_requested' ||
    status === 'rejected'
  );
}

/** The customer's age in whole years on `today` (YYYY-MM-DD both). */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}
