import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The texts of the order grid and its options picker: the floor, the orders board and the item form all show them.
registerTranslations({ az, en, ru });
