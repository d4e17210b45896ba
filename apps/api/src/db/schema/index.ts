export * from './tenancy';
export * from './identity';
export * from './operations';
export * from './directory';
export * from './documents';
export * from './billing';
export * from './providers';
export * from './payouts';
