import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The texts of the print preview and of "Print on printer": imported by each piece other screens use.
registerTranslations({ az, en, ru });
