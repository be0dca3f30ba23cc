import { useMemo, useRef, useState } from 'react';
import { Banner } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatLongDate } from '#/lib/format-date.ts';
import { useKycApplication } from '../api/kyc-application.ts';
import { todayIso, useSaveStep } from '../hooks/use-save-step.ts';
import { countryNameOf } from '../lib/countries.ts';
import { checkMrz, MRZ_SHAPES, type MrzAdvice, type MrzDocumentType } from '../lib/mrz-check.ts';
import type { StepProps } from './kyc-flow.tsx';
import { StepForm } from './step-form.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One piece of advice in the reader's language. */
export function adviceText(t: Translate, advice: MrzAdvice, language: 'en' | 'fr'): string {
  switch (advice.code) {
    case 'checkDigit':
      return t(`mrz.advice.checkDigit.${advice.field}`, { line: advice.line });
    case 'documentCode':
      return t(`mrz.advice.documentCode.${advice.documentType}`, { line: advice.line });
    case 'date':
      return t(`mrz.advice.date.${advice.field}`, { line: advice.line });
    case 'birthDateMismatch':
      return t('mrz.advice.birthDateMismatch', { date: formatLongDate(advice.onDocument, language) });
    case 'expired':
      return t('mrz.advice.expired', { date: formatLongDate(advice.expiryDate, language) });
    case 'nationalityMismatch':
    case 'issuingCountryMismatch':
      return t(`mrz.advice.${advice.code}`, { country: countryNameOf(advice.onDocument, language) });
    default:
      return t(`mrz.advice.${advice.code}`, advice);
  }
}

/**
 * Step 5 (passports and identity cards): the machine-readable zone, typed or pasted from the bottom of the
 * document in a monospace box sized like the zone, checked as it is typed (line lengths, check digits, then the
 * declared name, birth date, nationality and issuing state), with advice naming the line and what to look at.
 */
export function StepMrz({ headingId, onDone, back }: StepProps) {
  const { t } = useTranslation(['kyc', 'errors']);
  const language = currentLanguage();
  const { data: application } = useKycApplication();
  const { save, pending, error } = useSaveStep(onDone);
  const document = application.document;
  const documentType: MrzDocumentType = document?.type === 'id_card' ? 'id_card' : 'passport';
  const shape = MRZ_SHAPES[documentType];
  const [text, setText] = useState(document?.mrz?.lines.join('\n') ?? '');
  const [tried, setTried] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const check = useMemo(
    () =>
      checkMrz(
        text,
        documentType,
        application.personal ? { ...application.personal, issuingCountry: document?.issuingCountry } : null,
        todayIso(),
      ),
    [text, documentType, application.personal, document?.issuingCountry],
  );
  const started = text.trim().length > 0;
  const showAdvice = (started || tried) && check.advice.length > 0;
  const reading = check.reading;
  return (
    <StepForm
      headingId={headingId}
      back={back}
      pending={pending}
      error={error ?? (tried && check.advice.length > 0 ? t('mrz.fixFirst') : null)}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (check.advice.length > 0 || !reading || !document) {
          box.current?.focus();
          return;
        }
        save({
          document: {
            type: document.type,
            issuingCountry: document.issuingCountry,
            number: reading.documentNumber,
            expiryDate: reading.expiryDate,
            mrzLines: check.lines,
          },
        });
      }}
    >
      <figure className="kyc-mrz-example" aria-hidden="true">
        <pre>{t(`mrz.example.${documentType}`)}</pre>
      </figure>
      <div className="ts-field kyc-mrz">
        <label htmlFor="kyc-mrz-lines" className="ts-field__label">
          {t('mrz.label', { count: shape.lines, length: shape.length })}
        </label>
        <p id="kyc-mrz-hint" className="ts-field__hint">
          {t(`mrz.hint.${documentType}`)}
        </p>
        <textarea
          id="kyc-mrz-lines"
          ref={box}
          className="kyc-mrz__input"
          rows={shape.lines}
          cols={shape.length}
          spellCheck={false}
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={showAdvice ? 'kyc-mrz-hint kyc-mrz-advice' : 'kyc-mrz-hint'}
          aria-invalid={showAdvice || undefined}
        />
        <ul className="kyc-mrz__counts" aria-hidden="true">
          {Array.from({ length: shape.lines }, (_, index) => (
            <li key={index}>
              {t('mrz.lineCount', {
                line: index + 1,
                actual: check.lines[index]?.length ?? 0,
                expected: shape.length,
              })}
            </li>
          ))}
        </ul>
      </div>
      <div role="status" className="kyc-mrz__status">
        {started && check.advice.length === 0 ? (
          <Banner tone="success" politeness="none" title={t('mrz.valid')}>
            {reading ? (
              <dl className="kyc-facts" data-tracker-mask="">
                <dt>{t('mrz.read.name')}</dt>
                <dd>{`${reading.firstName} ${reading.lastName}`}</dd>
                <dt>{t('mrz.read.birthDate')}</dt>
                <dd>{formatLongDate(reading.birthDate, language)}</dd>
                <dt>{t('mrz.read.documentNumber')}</dt>
                <dd>{reading.documentNumber}</dd>
                <dt>{t('mrz.read.expiryDate')}</dt>
                <dd>{formatLongDate(reading.expiryDate, language)}</dd>
              </dl>
            ) : null}
          </Banner>
        ) : null}
        {showAdvice ? (
          <p className="kyc-mrz__summary">{t('mrz.problems', { count: check.advice.length })}</p>
        ) : null}
      </div>
      {showAdvice ? (
        <ul id="kyc-mrz-advice" className="kyc-advice">
          {check.advice.map((advice, index) => (
            <li key={index}>{adviceText(t, advice, language)}</li>
          ))}
        </ul>
      ) : null}
    </StepForm>
  );
}
