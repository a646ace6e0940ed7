import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Language } from '@qr-menu/contract';
import { i18n, registerTranslations } from '../../../i18n';
import { theme } from '../../../app/theme';
import adminAz from '../i18n/az.json';
import adminEn from '../i18n/en.json';
import adminRu from '../i18n/ru.json';
import './index';
import '../users/index';

registerTranslations({ az: adminAz, en: adminEn, ru: adminRu });

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });
}

/** Renders admin UI as the app does (theme, query client, router) in `lang`; env="test" drops transitions. */
export async function renderAdmin(ui: ReactNode, lang: Language = 'en') {
  await i18n.changeLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
