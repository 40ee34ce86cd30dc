/** The localization feature's face: what other features and app/ use of it. */
export { applyLanguage } from './api/change-locale';
export { LanguagePicker } from './components/language-picker';
