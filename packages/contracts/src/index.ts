export * from './appearance';
export * from './bootstrap';
export * from './common';
export * from './constants';
export * from './permissions';
export * from './settings';
export * from './user';
export * from './value-lists';
