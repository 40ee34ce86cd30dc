/** The site feature's face: what other features and app/ use of it. */
export {
  CountryPicker,
  LanguagePicker,
  TimezonePicker,
  useLocationOptions,
} from './components/location-pickers';
export { LandingPage } from './pages/landing-page';
