import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The QR address notice: the tables screen and the start checklist mount it, so it registers its texts itself.
registerTranslations({ az, en, ru });
