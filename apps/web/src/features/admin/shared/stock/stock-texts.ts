import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The texts of counted stock: the kitchen's sold-out dialog and the menu's dish cards and form show them.
registerTranslations({ az, en, ru });
