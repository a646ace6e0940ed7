import { Text, TextInput } from '@mantine/core';
import type { LocalizedNames } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { LanguageLabel } from '../forms/LanguageBadge';
import { NAME_LANGS } from './menu-helpers';

const NAME_FIELDS = { az: 'nameAz', en: 'nameEn', ru: 'nameRu' } as const;

/** The key under which a form reports "fill at least one language name", once for the three inputs. */
export const NAMES_ERROR = 'names';

/**
 * The three name inputs of a category or dish form, each with its language badge, and the one "at least one name"
 * message under them (the inputs turn red with it and point to it for screen readers).
 */
export function NameFields({
  ns,
  inputProps,
  errorOf,
}: {
  /** Translation namespace of the hint and labels: `<ns>.namesHint`, `<ns>.nameAz`, … */
  ns: 'categories' | 'dishes';
  /** The form's `getInputProps`. */
  inputProps: (field: keyof LocalizedNames) => object;
  /** The translated error of a form path, if any. */
  errorOf: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const namesError = errorOf(NAMES_ERROR);
  const errorId = `${ns === 'categories' ? 'category' : 'dish'}-names-error`;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t(`${ns}.namesHint`)}
      </Text>
      {NAME_LANGS.map((lng) => (
        <TextInput
          key={lng}
          label={<LanguageLabel lng={lng}>{t(`${ns}.${NAME_FIELDS[lng]}`)}</LanguageLabel>}
          maxLength={255}
          {...inputProps(NAME_FIELDS[lng])}
          error={errorOf(NAME_FIELDS[lng]) ?? !!namesError}
          aria-describedby={namesError ? errorId : undefined}
        />
      ))}
      {namesError && (
        <Text id={errorId} size="sm" c="red" role="alert">
          {namesError}
        </Text>
      )}
    </>
  );
}
