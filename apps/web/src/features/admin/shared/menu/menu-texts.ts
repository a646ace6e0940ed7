import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The texts of the shared menu pieces (availability hours): both the categories and the menu screens use them.
registerTranslations({ az, en, ru });
