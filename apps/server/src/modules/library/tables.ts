/**
 * The library module's tables, its data face: other modules read (select, join) them from here; only
 * this module writes them, through its services (decision 0051).
 */
export * from './library.reads';
export * from './library.tables';
export * from './profiles.tables';
