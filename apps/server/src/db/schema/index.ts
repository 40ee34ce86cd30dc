export * from './accounts';
export * from './appearance';
export * from './catalogue';
export * from './localization';
export * from './roles';
export * from './sessions';
export * from './settings';
export * from './users';
