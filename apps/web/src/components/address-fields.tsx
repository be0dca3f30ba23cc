/**
 * The home address fields, one set for every form that asks for it (identity verification's address step and the
 * settings' personal information): the same limits, autocomplete names, required rules and country list.
 */
import { useMemo } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Select, TextField } from '@tessera/ui';
import { countryOptions } from '#/lib/countries.ts';
import { currentLanguage } from '#/lib/i18n.ts';

/** The address part of a form's values (line 2 is '' when not given). */
export interface AddressFormValues {
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
}

/** A stored address (line 2 absent when not given; country as ISO 3166 alpha-2). */
export interface Address {
  line1: string;
  line2?: string;
  postalCode: string;
  city: string;
  country: string;
}

/** The texts of the fields, in the caller's words and namespace. */
export interface AddressFieldsText {
  line1: string;
  line1Hint?: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
  countryPlaceholder: string;
  /** Said under an empty required field. */
  required: string;
  /** Said when no country is chosen. */
  chooseCountry: string;
}

/** The form's starting values from a stored address, or empty (with `country` preselected when given). */
export function addressFormDefaults(address: Address | null | undefined, country = ''): AddressFormValues {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    postalCode: address?.postalCode ?? '',
    city: address?.city ?? '',
    country: address?.country ?? country,
  };
}

/** The address to store from what was typed: trimmed, line 2 left out when blank. */
export function addressFromForm(values: AddressFormValues): Address {
  const line2 = values.line2.trim();
  return {
    line1: values.line1.trim(),
    ...(line2 ? { line2 } : {}),
    postalCode: values.postalCode.trim(),
    city: values.city.trim(),
    country: values.country,
  };
}

/**
 * The five fields, registered on `form` (whose values include {@link AddressFormValues}). `wideClassName` spans the
 * two street lines over the caller's grid; `onCountryChange` hears a country chosen.
 */
export function AddressFields<T extends FieldValues & AddressFormValues>({
  form,
  text,
  wideClassName,
  onCountryChange,
}: {
  form: UseFormReturn<T>;
  text: AddressFieldsText;
  wideClassName: string;
  onCountryChange?: () => void;
}) {
  const language = currentLanguage();
  const countries = useMemo(() => countryOptions('alpha2', language), [language]);
  const errors = form.formState.errors as Partial<Record<keyof AddressFormValues, { message?: string }>>;
  const required = (value: unknown) =>
    (typeof value === 'string' && value.trim().length > 0) || text.required;
  const name = (field: keyof AddressFormValues) => field as Path<T>;
  return (
    <>
      <TextField
        className={wideClassName}
        label={text.line1}
        {...(text.line1Hint ? { hint: text.line1Hint } : {})}
        autoComplete="address-line1"
        maxLength={200}
        required
        error={errors.line1?.message}
        {...form.register(name('line1'), { validate: required })}
      />
      <TextField
        className={wideClassName}
        label={text.line2}
        autoComplete="address-line2"
        maxLength={200}
        {...form.register(name('line2'))}
      />
      <TextField
        label={text.postalCode}
        autoComplete="postal-code"
        maxLength={20}
        required
        error={errors.postalCode?.message}
        {...form.register(name('postalCode'), { validate: required })}
      />
      <TextField
        label={text.city}
        autoComplete="address-level2"
        maxLength={100}
        required
        error={errors.city?.message}
        {...form.register(name('city'), { validate: required })}
      />
      <Controller
        control={form.control}
        name={name('country')}
        rules={{
          validate: (value: unknown) => (typeof value === 'string' && value.length > 0) || text.chooseCountry,
        }}
        render={({ field }) => (
          <Select
            label={text.country}
            placeholder={text.countryPlaceholder}
            options={countries}
            value={(field.value as string) || undefined}
            onValueChange={(value) => {
              onCountryChange?.();
              field.onChange(value);
            }}
            required
            error={errors.country?.message}
          />
        )}
      />
    </>
  );
}
