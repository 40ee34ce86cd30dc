/**
 * The admin area's contracts (issue 11): the list contract, users, roles, the audit log and the
 * permission catalogue. A subpath of their own (`@zema/contracts/admin`), so the web app's
 * listener pages, which import `@zema/contracts`, never load them.
 */
export * from './audit';
export * from './catalogue';
export * from './list';
export * from './permission-catalogue';
export * from './roles';
export * from './users';
