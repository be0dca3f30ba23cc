/** The twenty settings sections of spec section 4, in the order the settings menu lists them. */
export const SETTINGS_SECTIONS = [
  'personalInformation',
  'changePassword',
  'delegateAccounts',
  'depositCard',
  'depositSepa',
  'depositCrypto',
  'withdrawal',
  'appearance',
  'MFA',
  'tradingPreferences',
  'notifications',
  'languages',
  'shareSponsorCode',
  'manageReferrals',
  'changeSponsor',
  'api',
  'legalDocuments',
  'closeAccount',
  'helpCenter',
  'logout',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
