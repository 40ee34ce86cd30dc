/** The subsonic module's tables (its data face: other modules may read, only this one writes). */
export { appPasswords } from './subsonic.tables';
