import type { ReactNode } from 'react';
import type { Language } from '@qr-menu/contract';
import { registerTranslations } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import adminAz from './i18n/az.json';
import adminEn from './i18n/en.json';
import adminRu from './i18n/ru.json';

// The admin-wide texts, registered as the admin chunk does; a screen's test imports its folder's `./index` for its own.
registerTranslations({ az: adminAz, en: adminEn, ru: adminRu });

export { jsonResponse } from '../../../test/render';

/** Renders admin UI as the app does, in `lang`. */
export const renderAdmin = (ui: ReactNode, lang: Language = 'en') => renderWithProviders(ui, { lang });
