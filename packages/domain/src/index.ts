export * from './format-money';
