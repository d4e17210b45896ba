export * from './currencies';
export * from './countries';
export * from './languages';
export * from './time-zones';
export * from './date-formats';
