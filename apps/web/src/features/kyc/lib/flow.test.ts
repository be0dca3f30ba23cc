import { describe, expect, it } from 'vitest';
import { ageOn, nextStep, previousStep, resumeStep, stepOfPart, stepsFor } from './flow.ts';

describe('the verification steps', () => {
  it('ask for the machine-readable zone of passports and identity cards only', () => {
    expect(stepsFor('passport')).toContain('mrz');
    expect(stepsFor('id_card')).toContain('mrz');
    expect(stepsFor('driving_licence')).not.toContain('mrz');
    expect(stepsFor('residence_permit')).not.toContain('mrz');
    expect(nextStep('photos', 'driving_licence')).toBe('selfie');
    expect(nextStep('photos', 'passport')).toBe('mrz');
    expect(previousStep('selfie', 'driving_licence')).toBe('photos');
    expect(previousStep('personal', 'passport')).toBeNull();
    expect(nextStep('review', 'passport')).toBeNull();
  });

  it('resume at the first step the server still misses, else at the review', () => {
    expect(resumeStep({ missing: ['personal', 'address'], document: null })).toBe('personal');
    expect(
      resumeStep({
        missing: ['file.selfie', 'document.mrz'],
        document: { type: 'passport', issuingCountry: 'NLD' },
      }),
    ).toBe('mrz');
    expect(resumeStep({ missing: ['dueDiligence.sourceOfFunds'], document: null })).toBe('questions');
    expect(resumeStep({ missing: [], document: null })).toBe('review');
  });

  it('name the step that fills a missing part', () => {
    expect(stepOfPart('file.back')).toBe('photos');
    expect(stepOfPart('document.mrz')).toBe('mrz');
    expect(stepOfPart('dueDiligence.sourceOfFunds')).toBe('questions');
  });
});

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('1965-03-10', '2026-11-26')).toBe(61);
  });
});
