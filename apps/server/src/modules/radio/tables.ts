/**
 * The radio module's tables, its data face: other modules read them from here; only this module
 * writes them, through its services (decision 0051).
 */
export * from './radio.tables';
