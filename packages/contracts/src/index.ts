export * from './product.ts';
export * from './runtime-config.ts';
