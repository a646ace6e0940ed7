// The full Mantine stylesheet: staff and public pages use many components (guest pages do not load it).
import '@mantine/core/styles.css';
import { registerTranslations } from '../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

registerTranslations({ az, en, ru });

export { LandingPage } from './LandingPage';
export { BusinessPage } from './BusinessPage';
export { PartnershipPage } from './PartnershipPage';
