export * from './enums.js';
export * from './errors.js';
export * from './limits.js';
export * from './validation.js';
export * from './auth.js';
export * from './eatery.js';
export * from './config.js';
