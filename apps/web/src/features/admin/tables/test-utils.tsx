import type { ReactNode } from 'react';
import type { Language } from '@qr-menu/contract';
import { registerTranslations } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import adminAz from '../i18n/az.json';
import adminEn from '../i18n/en.json';
import adminRu from '../i18n/ru.json';
import './index';
import '../users/index';

registerTranslations({ az: adminAz, en: adminEn, ru: adminRu });

/** Renders admin UI as the app does, in `lang`. */
export const renderAdmin = (ui: ReactNode, lang: Language = 'en') => renderWithProviders(ui, { lang });
