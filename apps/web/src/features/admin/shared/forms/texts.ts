import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// Texts of the shared form pieces (language badges, time and date fields, the unsaved-changes question): many
// screens mount them, so each piece registers them itself.
registerTranslations({ az, en, ru });
