import { describe, expect, it } from 'vitest';
import { TENANT_LIMITS, type Language, type TenantLimitKind } from '@qr-menu/contract';
import { ApiError } from '../../../api/api-error';
import { errorText } from '../../../api/error-text';
import { i18n } from '../../../i18n';
// Registers the admin texts, where the sentence of each kind lives.
import './test-utils';

const limitReached = (what: string, max: number) => new ApiError(400, 'limitReached', 'x', [], { max, what });

const text = (err: unknown, lng: Language) => {
  const t = i18n.getFixedT(lng);
  return errorText(
    err,
    (key, options) => t(key, options),
    (key) => i18n.exists(key, { lng }),
  );
};

const SENTENCES: Record<Language, Record<TenantLimitKind, string>> = {
  en: {
    dishes: 'A restaurant can have at most 1000 dishes.',
    categories: 'A restaurant can have at most 100 menu categories.',
    tables: 'A restaurant can have at most 500 tables.',
    staff: 'A restaurant can have at most 200 staff members.',
  },
  ru: {
    dishes: 'В ресторане может быть не более 1000 блюд.',
    categories: 'В ресторане может быть не более 100 категорий меню.',
    tables: 'В ресторане может быть не более 500 столов.',
    staff: 'В ресторане может быть не более 200 сотрудников.',
  },
  az: {
    dishes: 'Bir restoranda ən çox 1000 yemək ola bilər.',
    categories: 'Bir restoranda ən çox 100 menyu kateqoriyası ola bilər.',
    tables: 'Bir restoranda ən çox 500 masa ola bilər.',
    staff: 'Bir restoranda ən çox 200 işçi ola bilər.',
  },
};

describe('limitReached', () => {
  it.each(['en', 'ru', 'az'] as const)('reads as a whole sentence per kind, with the cap filled in (%s)', (lng) => {
    for (const what of Object.keys(TENANT_LIMITS) as TenantLimitKind[]) {
      expect(text(limitReached(what, TENANT_LIMITS[what]), lng)).toBe(SENTENCES[lng][what]);
    }
  });

  it('falls back to the general sentence for a kind it has no wording for', () => {
    expect(text(limitReached('mirrors', 7), 'en')).toBe('This restaurant has reached its limit (7).');
    expect(text(limitReached('mirrors', 7), 'ru')).toBe('Ресторан достиг предела (7).');
  });
});
