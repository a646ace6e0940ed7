import { useState } from 'react';
import { ActionIcon, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconNote, IconPlus } from '@tabler/icons-react';
import { ORDER_NOTE_MAX, SEAT_MAX, chosenOptions, courseName, localName, type CourseNames } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { itemOptionsText } from '../live/item-options';
import { formatMoney } from '../money-format';
import { lineCents, type TicketLine } from './ticket';

/**
 * The ticket's lines: each with − and + (below one it goes), its price, and behind one tap its note, seat and course
 * (the course only when the restaurant names courses). `errors` holds a translated message per line key (a dish sold
 * out meanwhile, not enough portions left).
 */
export function TicketLines({
  lines,
  courses,
  errors,
  onQuantity,
  onChange,
}: {
  lines: readonly TicketLine[];
  courses: readonly CourseNames[];
  errors: ReadonlyMap<string, string>;
  onQuantity: (key: string, delta: number) => void;
  onChange: (key: string, patch: Partial<Pick<TicketLine, 'note' | 'seat' | 'course'>>) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [open, setOpen] = useState<string | null>(null);
  if (lines.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('orderEntry.ticketEmpty')}
      </Text>
    );
  }
  const seatChoices = [
    { value: '', label: t('orderEntry.noSeat') },
    ...Array.from({ length: SEAT_MAX }, (_, i) => ({
      value: String(i + 1),
      label: t('orderEntry.seatN', { n: i + 1 }),
    })),
  ];
  const courseChoices = courses.map((_, i) => ({
    value: String(i + 1),
    label: courseName(courses, i + 1, lang) || t('orderEntry.courseN', { n: i + 1 }),
  }));
  return (
    <Stack gap={6} data-testid="ticket-lines">
      {lines.map((line) => {
        const name = localName(line.dish, lang);
        const options = itemOptionsText(chosenOptions(line.dish.optionGroups, line.optionIds), lang);
        const marks = [
          line.seat !== null ? t('orderEntry.seatN', { n: line.seat }) : '',
          line.course !== null && courses.length > 1
            ? courseName(courses, line.course, lang) || t('orderEntry.courseN', { n: line.course })
            : '',
        ].filter(Boolean);
        const error = errors.get(line.key);
        return (
          <Paper key={line.key} withBorder p="xs" radius="md" data-line={line.key}>
            <Group gap="xs" wrap="nowrap" align="center">
              <ActionIcon
                size={44}
                variant="default"
                onClick={() => onQuantity(line.key, -1)}
                aria-label={t('orderEntry.less', { name })}
              >
                <IconMinus />
              </ActionIcon>
              <Text fw={700} w={28} ta="center" data-testid="line-quantity">
                {line.quantity}
              </Text>
              <ActionIcon
                size={44}
                variant="default"
                onClick={() => onQuantity(line.key, 1)}
                aria-label={t('orderEntry.more', { name })}
              >
                <IconPlus />
              </ActionIcon>
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                {options && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {options}
                  </Text>
                )}
                {(marks.length > 0 || line.note) && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {[...marks, line.note].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </div>
              <Text size="sm" style={{ flexShrink: 0 }}>
                {formatMoney(lineCents(line) / 100, lang, t('orderEntry.currency'))}
              </Text>
              <ActionIcon
                size={44}
                variant={open === line.key ? 'filled' : 'subtle'}
                onClick={() => setOpen(open === line.key ? null : line.key)}
                aria-label={t('orderEntry.details', { name })}
                aria-expanded={open === line.key}
              >
                <IconNote />
              </ActionIcon>
            </Group>
            {error && (
              <Text size="sm" c="red" mt={4} role="alert">
                {error}
              </Text>
            )}
            {open === line.key && (
              <Stack gap="xs" mt="xs">
                <TextInput
                  size="md"
                  label={t('orderEntry.note')}
                  value={line.note}
                  maxLength={ORDER_NOTE_MAX}
                  onChange={(e) => onChange(line.key, { note: e.currentTarget.value })}
                />
                <Group grow>
                  <Select
                    size="md"
                    label={t('orderEntry.seat')}
                    data={seatChoices}
                    value={line.seat === null ? '' : String(line.seat)}
                    onChange={(v) => onChange(line.key, { seat: v ? Number(v) : null })}
                    allowDeselect={false}
                    comboboxProps={{ zIndex: 500 }}
                  />
                  {courses.length > 0 && (
                    <Select
                      size="md"
                      label={t('orderEntry.course')}
                      data={courseChoices}
                      value={line.course === null ? null : String(line.course)}
                      onChange={(v) => onChange(line.key, { course: v ? Number(v) : null })}
                      allowDeselect={false}
                      comboboxProps={{ zIndex: 500 }}
                    />
                  )}
                </Group>
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
