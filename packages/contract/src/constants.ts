/**
 * The zod-free entry point `@qr-menu/contract/constants`: enums, limits, paths, realtime names, money and
 * localisation helpers. Guest pages import values only from here, so zod (built at module load by the schemas)
 * stays out of their bundle; everything here is also exported by the main entry.
 */
export * from './enums.js';
export * from './errors.js';
export * from './limits.js';
export * from './paths.js';
export * from './realtime.js';
export * from './money.js';
export * from './drawer-math.js';
export * from './localize.js';
export * from './text.js';
export * from './menu-rules.js';
export * from './dietary-tag-list.js';
export * from './menu-transfer.js';
export * from './zoned-time.js';
export * from './opening-hours.js';
export * from './roles.js';
export * from './status-labels.js';
export * from './audit-kinds.js';
export * from './payment-methods.js';
export * from './pos.js';
export * from './course-rules.js';
export * from './table-move-rules.js';
export * from './pickup-rules.js';

/** The header carrying a request's id, both ways (lower case, as Node gives headers). */
export const REQUEST_ID_HEADER = 'x-request-id';
