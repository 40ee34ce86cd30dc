/** The localization feature's face: what other features and app/ use of it. */
export { LanguagePicker } from './components/language-picker';
