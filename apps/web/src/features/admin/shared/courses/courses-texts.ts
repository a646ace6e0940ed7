import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The texts of the course pieces: the kitchen, the floor, the orders board and the category form all show them.
registerTranslations({ az, en, ru });
