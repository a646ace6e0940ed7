import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The table operations' texts: the floor, the orders board and the kitchen mount these pieces, so each piece
// registers them itself.
registerTranslations({ az, en, ru });
