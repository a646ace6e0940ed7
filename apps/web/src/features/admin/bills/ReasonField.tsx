import { Chip, Group, Stack, Text, Textarea } from '@mantine/core';
import { REASON_MAX, reasonField } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';

/** The contract's check of a refund's or a reopen's reason: a translation key, or undefined when it is fine. */
export function reasonError(reason: string): string | undefined {
  const parsed = reasonField.safeParse(reason);
  return parsed.success ? undefined : parsed.error.issues[0].message;
}

/**
 * The reason of a refund or a reopen: one tap on a common reason fills it in the staff's language (that text is what
 * is sent and kept in the audit log), and it can be edited or written freely. `error` is a translation key.
 */
export function ReasonField({
  presets,
  value,
  onChange,
  onBlur,
  error,
}: {
  /** Translation keys of the quick picks. */
  presets: readonly string[];
  value: string;
  onChange: (reason: string) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const picked = presets.find((key) => t(key) === value) ?? null;
  return (
    <Stack gap={6}>
      <Stack gap={6} role="group" aria-label={t('bills.reason.quick')}>
        <Text size="sm" fw={500}>
          {t('bills.reason.quick')}
        </Text>
        <Group gap={6}>
          {presets.map((key) => (
            <Chip
              key={key}
              size="sm"
              radius="md"
              checked={picked === key}
              onChange={() => onChange(t(key))}
              // Whole phrases wrap inside a rounded box instead of stretching a pill past a phone's width.
              styles={{
                label: { whiteSpace: 'normal', height: 'auto', minHeight: 36, lineHeight: 1.3, paddingBlock: 7 },
              }}
            >
              {t(key)}
            </Chip>
          ))}
        </Group>
      </Stack>
      <Textarea
        label={t('bills.reason.label')}
        placeholder={t('bills.reason.placeholder')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        maxLength={REASON_MAX}
        required
        autosize
        minRows={2}
        maxRows={4}
        error={error ? t(error) : undefined}
      />
    </Stack>
  );
}
