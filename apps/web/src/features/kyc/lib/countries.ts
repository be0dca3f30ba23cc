/** The country list lives in lib/countries.ts (the settings' personal information uses it too). */
export * from '#/lib/countries.ts';
