import { registerTranslations } from '../../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

// The texts of the printers' queue banner and of "Reprint": imported by each piece other screens use. Counts use
// i18next plurals, and every file has all four forms (_one, _few, _many, _other) so the three keep the same keys:
// English and Azerbaijani read _one and _other, Russian _one, _few and _many.
registerTranslations({ az, en, ru });
