/**
 * The admin area's contracts (decision 0025): the list contract, users, roles, settings, the audit log,
 * the error and mail logs, system health and the permission catalogue. A subpath of their own
 * (`@zema/contracts/admin`), so the web app's listener pages, which import `@zema/contracts`,
 * never load them.
 */

export * from './billing/billing-admin';
export * from './catalogue/catalogue-admin';
export * from './list';
export * from './settings/settings-admin';
export * from './system/analytics';
export * from './system/audit-log';
export * from './system/error-log';
export * from './system/mail-log';
export * from './system/system-health';
export * from './users/permission-catalogue';
export * from './users/roles';
export * from './users/users-admin';
