/**
 * The customer's own account (issue #20, part 1): settings sections personalInformation (name, birth date, address,
 * profile picture; the phone number stays on the identity service, which verifies it), languages and appearance
 * (stored on the server, applied at sign-in on every device). Routes under /api/user-management/me/...
 * (docs/api.md, "Account profile").
 */
import { z } from 'zod';
import { kycAddressSchema } from './kyc-verification.ts';
import { textSchema } from './text.ts';

/** The GET routes take no query parameter: an unknown one is VALIDATION_FAILED rather than silently ignored. */
export const accountNoQuerySchema = z.object({}).strict();

/** The languages and themes a customer may choose (the web app's LANGUAGES and THEME_PREFERENCES). */
export const ACCOUNT_LANGUAGES = ['en', 'fr'] as const;
export type AccountLanguage = (typeof ACCOUNT_LANGUAGES)[number];
export const ACCOUNT_THEMES = ['light', 'dark', 'system'] as const;
export type AccountTheme = (typeof ACCOUNT_THEMES)[number];

/**
 * GET and PUT /me/preferences: the whole set. `saved` is false while the customer never saved any: the app then
 * keeps this device's choice and stores it, rather than imposing the defaults.
 */
export const accountPreferencesSchema = z
  .object({
    language: z.enum(ACCOUNT_LANGUAGES),
    theme: z.enum(ACCOUNT_THEMES),
  })
  .strict();
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;

export const accountPreferencesResponseSchema = accountPreferencesSchema.extend({ saved: z.boolean() });
export type AccountPreferencesResponse = z.infer<typeof accountPreferencesResponseSchema>;

export const DEFAULT_ACCOUNT_PREFERENCES: AccountPreferences = { language: 'en', theme: 'system' };

/** The oldest birth year accepted, and the youngest age (PRODUCT.md: customers are adults). */
export const PROFILE_BIRTH_YEAR_MIN = 1900;
export const PROFILE_MIN_AGE = 18;

/** Whole years between `birthDate` (YYYY-MM-DD) and `today`. */
export function ageOn(birthDate: string, today: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) {
    age -= 1;
  }
  return age;
}

/** YYYY-MM-DD, a real calendar date, from 1900, at least 18 years ago. */
export const profileBirthDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: 'must be a real calendar date', abort: true },
  )
  .refine((value) => Number(value.slice(0, 4)) >= PROFILE_BIRTH_YEAR_MIN, {
    error: `must be in ${PROFILE_BIRTH_YEAR_MIN} or later`,
    abort: true,
  })
  .refine((value) => ageOn(value, new Date()) >= PROFILE_MIN_AGE, {
    error: `must be at least ${PROFILE_MIN_AGE} years ago`,
  });

/** PUT /me/personal-information: the whole set (the phone number is changed and verified on identity). */
export const personalInformationUpdateSchema = z
  .object({
    givenName: textSchema({ max: 100, min: 1 }),
    familyName: textSchema({ max: 100, min: 1 }),
    birthDate: profileBirthDateSchema,
    address: kycAddressSchema,
  })
  .strict();
export type PersonalInformationUpdate = z.infer<typeof personalInformationUpdateSchema>;

/** GET /me/personal-information: null fields until the customer saves them. */
export const personalInformationSchema = z.object({
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z
    .object({
      line1: z.string(),
      line2: z.string().optional(),
      postalCode: z.string(),
      city: z.string(),
      country: z.string(),
    })
    .nullable(),
  /** The profile picture, when there is one: read it from GET /me/picture (its owner) only. */
  picture: z.object({ updatedAt: z.string(), contentType: z.string() }).nullable(),
});
export type PersonalInformation = z.infer<typeof personalInformationSchema>;

/** The largest picture accepted (before resizing), the side of the stored square, the types accepted. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_SIDE = 256;
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Every stored picture is re-encoded to this type (which also drops the sender's metadata). */
export const PROFILE_PICTURE_STORED_TYPE = 'image/webp';

/** The error codes of these routes (docs/api.md, "Account profile"). */
export const ACCOUNT_PROFILE_ERROR_CODES = [
  /** The picture is larger than PROFILE_PICTURE_MAX_BYTES (413). */
  'PROFILE_PICTURE_TOO_LARGE',
  /** The picture is not a JPEG, PNG or WebP by its first bytes (415). */
  'PROFILE_PICTURE_TYPE_UNSUPPORTED',
  /** The bytes start like an image but cannot be decoded, or the image is too small or too big to use (422). */
  'PROFILE_PICTURE_UNREADABLE',
  /** There is no picture to read (404). */
  'PROFILE_PICTURE_NOT_FOUND',
] as const;
export type AccountProfileErrorCode = (typeof ACCOUNT_PROFILE_ERROR_CODES)[number];
