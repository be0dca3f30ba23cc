/*
 * The shared anatomy of a form field: label, required marker, hint and error, wired with ids so the control
 * can point at its messages through aria-describedby. Used by TextField and Select.
 */
import clsx from 'clsx';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { AlertIcon } from '../icons';

/** The ids of a field's parts. */
export interface FieldIds {
  control: string;
  label: string;
  hint: string;
  error: string;
}

/** Ids for a field, using the caller's control id when given. */
export function useFieldIds(controlId?: string): FieldIds {
  const base = useId();
  return {
    control: controlId ?? `${base}control`,
    label: `${base}label`,
    hint: `${base}hint`,
    error: `${base}error`,
  };
}

/** The aria-describedby of a control: its error first (the most urgent), then its hint, then the caller's. */
export function describedBy(
  ids: FieldIds,
  hint: ReactNode,
  error: ReactNode,
  extra?: string,
): string | undefined {
  const parts = [error ? ids.error : null, hint ? ids.hint : null, extra ?? null].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** A visible asterisk after the label; screen readers learn "required" from the control itself. */
export function RequiredMarker() {
  return (
    <span className="ts-field__required" aria-hidden="true">
      {'*'}
    </span>
  );
}

interface FieldLabelProps {
  ids: FieldIds;
  label: ReactNode;
  required?: boolean;
  hideLabel?: boolean;
}

/** The label element of a field. */
export function FieldLabel({ ids, label, required, hideLabel }: FieldLabelProps) {
  return (
    <label
      id={ids.label}
      htmlFor={ids.control}
      className={clsx('ts-field__label', hideLabel && 'ts-visually-hidden')}
    >
      {label}
      {required ? <RequiredMarker /> : null}
    </label>
  );
}

/** The hint and error lines under a control. */
export function FieldMessages({ ids, hint, error }: { ids: FieldIds; hint: ReactNode; error: ReactNode }) {
  return (
    <>
      {hint ? (
        <p id={ids.hint} className="ts-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="ts-field__error">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      ) : null}
    </>
  );
}
