export * from './fees.ts';
export * from './help.ts';
export * from './product.ts';
export * from './runtime-config.ts';
export * from './ledger.ts';
export * from './kyc.ts';
export * from './identity-directory.ts';
export * from './demo.ts';
