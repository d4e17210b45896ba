export * from './format-money';
export * from './totals';
export * from './numbering';
export * from './document-status';
export * from './dates';
