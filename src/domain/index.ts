export * from './constants.ts';
export * from './messages.ts';
export * from './types.ts';
