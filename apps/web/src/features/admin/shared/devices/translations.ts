import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The texts of devices and PINs: imported by every piece other screens use (approval fields, lock screen, PIN form).
registerTranslations({ az, en, ru });
