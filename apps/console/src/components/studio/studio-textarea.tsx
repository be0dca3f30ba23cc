import { useId } from 'react';
import type { ChangeEvent, ReactNode } from 'react';

/** A labelled multi-line field with a hint and an error, linked as the design system's fields link theirs. */
export function StudioTextarea({
  label,
  hint,
  error,
  value,
  onChange,
  maxLength,
  rows = 3,
  id,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  id?: string;
}) {
  const base = useId();
  const control = id ?? `${base}control`;
  const hintId = `${base}hint`;
  const errorId = `${base}error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="ts-field">
      <label htmlFor={control} className="ts-field__label">
        {label}
      </label>
      <textarea
        id={control}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="studio-textarea"
      />
      {hint ? (
        <p id={hintId} className="ts-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ts-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
