import type { ReactNode } from 'react';
import type { Language } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
// The menu screens' translations, registered as their chunks do.
import './index';
import '../menu/index';
import '../departments/index';

export { jsonResponse } from '../../../test/render';

/** Renders menu screens' UI as the app does, in `lang`. */
export const renderMenuUi = (ui: ReactNode, lang: Language = 'en') => renderWithProviders(ui, { lang });
