import { NativeSelect } from '@mantine/core';
import { LANGUAGES, type Language } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';

/** AZ / EN / RU switcher. `onChange` lets a page do more (the landing page navigates to its bare path). */
export function LanguageSelect({ onChange, compact }: { onChange?: (lng: Language) => void; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      value={i18n.language}
      data={LANGUAGES.map((l) => ({ value: l, label: compact ? l.toUpperCase() : t(`language.${l}`) }))}
      onChange={(e) => {
        const lng = e.currentTarget.value as Language;
        setLanguage(lng);
        onChange?.(lng);
      }}
      w={compact ? 76 : 160}
      size="sm"
    />
  );
}
