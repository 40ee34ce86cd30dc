/**
 * The admin area's contracts (decision 0025): the list contract, users, roles, settings, the audit log,
 * the error and mail logs, system health and the permission catalogue. A subpath of their own
 * (`@zema/contracts/admin`), so the web app's listener pages, which import `@zema/contracts`,
 * never load them.
 */

export * from './analytics';
export * from './audit';
export * from './billing';
export * from './catalogue';
export * from './error-log';
export * from './list';
export * from './mail-log';
export * from './permission-catalogue';
export * from './roles';
export * from './settings';
export * from './system-health';
export * from './users';
