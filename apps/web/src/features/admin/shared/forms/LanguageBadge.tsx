import type { ReactNode } from 'react';
import { Badge, VisuallyHidden } from '@mantine/core';
import type { Language } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import './texts';

/**
 * "AZ", "EN" or "RU" in a small badge: which language a name or an input is in. Text, not flag emoji (Windows and
 * many Linux systems draw the flags as empty boxes). Screen readers hear the language's name instead of two letters;
 * `decorative` hides the badge from them where the text beside it names the language already ("Name in English").
 */
export function LanguageBadge({ lng, decorative }: { lng: Language; decorative?: boolean }) {
  const { t } = useTranslation();
  const name = t(`adminForms.language.${lng}`);
  return (
    <Badge
      component="span"
      size="xs"
      radius="sm"
      variant="light"
      color="gray"
      title={name}
      aria-hidden={decorative || undefined}
      data-testid="language-badge"
      data-lang={lng}
      styles={{ root: { flexShrink: 0, verticalAlign: 'middle', letterSpacing: 0.5 } }}
    >
      {decorative ? (
        lng.toUpperCase()
      ) : (
        <>
          <span aria-hidden>{lng.toUpperCase()}</span>
          <VisuallyHidden>{name}</VisuallyHidden>
        </>
      )}
    </Badge>
  );
}

/** An input's label that starts with its language's badge: "[EN] Name in English". */
export function LanguageLabel({ lng, children }: { lng: Language; children: ReactNode }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <LanguageBadge lng={lng} decorative />
      <span>{children}</span>
    </span>
  );
}

/** A name in a language, after its badge: the other-language names on the menu cards. */
export function NameInLanguage({ lng, name }: { lng: Language; name: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'baseline', gap: 6, minWidth: 0 }}>
      <LanguageBadge lng={lng} />
      <span lang={lng} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {name}
      </span>
    </span>
  );
}
