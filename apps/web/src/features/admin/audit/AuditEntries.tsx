import { Badge, Stack, Table, Text, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditKind } from '@qr-menu/contract';
import { auditChanges, formatAuditTime } from './audit-format';
import classes from './audit.module.css';

/** A colour per kind, so money (void, discount, refund) stands out from settings changes. */
const KIND_COLORS: Record<AuditKind, MantineColor> = {
  VOID: 'red',
  DISCOUNT: 'grape',
  REFUND: 'orange',
  REOPEN: 'yellow',
  STATUS: 'blue',
  PRICE: 'teal',
  AVAILABILITY: 'cyan',
  ROLE: 'violet',
  PASSWORD: 'gray',
  CLOSE_DAY: 'indigo',
  REOPEN_DAY: 'pink',
  DRAWER: 'lime',
  MOVE: 'blue',
  MERGE: 'blue',
  SPLIT: 'blue',
  STOCK: 'cyan',
};

/** The entries as a table; on phones the CSS turns each row into a card (audit.module.css). */
export function AuditEntries({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const column = {
    time: t('audit.columns.time'),
    kind: t('audit.columns.kind'),
    staff: t('audit.columns.staff'),
    subject: t('audit.columns.subject'),
    change: t('audit.columns.change'),
    reason: t('audit.columns.reason'),
  };
  return (
    <Table className={classes.table} verticalSpacing="xs" aria-label={t('audit.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{column.time}</Table.Th>
          <Table.Th>{column.kind}</Table.Th>
          <Table.Th>{column.staff}</Table.Th>
          <Table.Th>{column.subject}</Table.Th>
          <Table.Th>{column.change}</Table.Th>
          <Table.Th>{column.reason}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id} data-testid="audit-entry">
            <Table.Td data-label={column.time} data-testid="audit-time">
              {formatAuditTime(entry.at, lang, timeZone)}
            </Table.Td>
            <Table.Td data-label={column.kind}>
              <Badge color={KIND_COLORS[entry.kind]} variant="light" data-testid="audit-kind">
                {t(`audit.kind.${entry.kind}`)}
              </Badge>
            </Table.Td>
            <Table.Td data-label={column.staff}>
              <Text size="sm">{entry.userName || t('audit.unknownUser')}</Text>
              {entry.approvedBy && (
                <Text size="xs" c="dimmed">
                  {t('audit.approvedBy', { name: entry.approvedBy })}
                </Text>
              )}
            </Table.Td>
            <Table.Td data-label={column.subject}>{entry.subject}</Table.Td>
            <Table.Td data-label={column.change} className={classes.change}>
              <ChangeLines entry={entry} />
            </Table.Td>
            <Table.Td data-label={column.reason}>{entry.reason ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One line per changed field: "Status: Paid → Cancelled"; nothing for an entry without values (a password). */
function ChangeLines({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const changes = auditChanges(entry, i18n.language, t);
  if (changes.length === 0) return null;
  return (
    <Stack gap={2} data-testid="audit-change">
      {changes.map((c) => (
        <Text key={c.field} size="sm">
          {c.label}: {changeText(c.before, c.after)}
        </Text>
      ))}
    </Stack>
  );
}

/** "Paid → Cancelled"; one side alone when the other does not name the field (a refund's method, a void's amount). */
function changeText(before: string | null, after: string | null): string {
  if (before !== null && after !== null) return before === after ? after : `${before} → ${after}`;
  return after ?? before ?? '';
}
