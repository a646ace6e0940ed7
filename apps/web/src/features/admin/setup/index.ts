import { registerTranslations } from '../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

registerTranslations({ az, en, ru });

export { SetupPage } from './SetupPage';
