import { useState } from 'react';
import { Alert, Badge, Group, List, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localNameByLanguage, type MenuImportReport, type MenuImportRow } from '@qr-menu/contract';
import { formatAmount } from '../shared/money-format';
import { useProblemText } from './problem-text';
import classes from './menu-transfer.module.css';

const ACTION_COLORS: Record<MenuImportRow['action'], string> = {
  new: 'green',
  update: 'blue',
  unchanged: 'gray',
  category: 'grape',
  none: 'red',
};

/** What a checked file would do: the counts, the problems of the whole file, and its rows with their problems. */
export function ImportReportView({ report }: { report: MenuImportReport }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [onlyErrors, setOnlyErrors] = useState(report.rowsWithErrors > 0);
  const rows = onlyErrors ? report.rows.filter((r) => r.errors.length > 0) : report.rows;
  const counts: [string, number][] = [
    ['menuTransfer.summary.newCategories', report.categories.new],
    ['menuTransfer.summary.existingCategories', report.categories.existing],
    ['menuTransfer.summary.newDishes', report.dishes.new],
    ['menuTransfer.summary.updated', report.dishes.updated],
    ['menuTransfer.summary.unchanged', report.dishes.unchanged],
    ['menuTransfer.summary.newDepartments', report.departments.new],
  ];

  return (
    <Stack gap="md" data-testid="import-report">
      <Title order={3}>{t('menuTransfer.summary.title')}</Title>
      {report.fileErrors.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('menuTransfer.summary.fileProblems')}>
          <List size="sm" data-testid="file-problems">
            {report.fileErrors.map((e, i) => (
              <List.Item key={i}>{problemText(e)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {report.rows.length > 0 && (
        <Group gap="xs" data-testid="import-summary">
          {counts.map(([key, count]) => (
            <Badge key={key} variant="light" color="gray" size="lg" tt="none">
              {t(key, { count })}
            </Badge>
          ))}
          <Badge variant="light" color={report.rowsWithErrors > 0 ? 'red' : 'green'} size="lg" tt="none">
            {t('menuTransfer.summary.rowsWithErrors', { count: report.rowsWithErrors })}
          </Badge>
        </Group>
      )}
      {report.ok && (
        <Alert color="green" variant="light" icon={<IconCircleCheck />}>
          {t('menuTransfer.summary.ready')}
        </Alert>
      )}
      {report.rows.length > 0 && (
        <>
          {report.rowsWithErrors > 0 && (
            // On a phone the table's last column (the problems) is off screen: the same problems as a list first.
            <Alert color="red" variant="light" hiddenFrom="sm" icon={<IconAlertCircle />}>
              <List size="sm" data-testid="row-problems">
                {report.rows.flatMap((r) =>
                  r.errors.map((e, i) => (
                    <List.Item key={`${r.row}-${i}`}>
                      {t('menuTransfer.table.rowProblem', { row: r.row, message: problemText(e) })}
                    </List.Item>
                  )),
                )}
              </List>
            </Alert>
          )}
          {report.rowsWithErrors > 0 && (
            <Switch
              label={t('menuTransfer.table.onlyErrors')}
              checked={onlyErrors}
              onChange={(e) => setOnlyErrors(e.currentTarget.checked)}
            />
          )}
          <RowsTable rows={rows} problemText={problemText} />
        </>
      )}
    </Stack>
  );
}

function RowsTable({ rows, problemText }: { rows: MenuImportRow[]; problemText: ReturnType<typeof useProblemText> }) {
  const { t, i18n } = useTranslation();
  const name = (names: MenuImportRow['name']) => localNameByLanguage(names, i18n.language);
  return (
    <div className={classes.scroller} tabIndex={0} role="region" aria-label={t('menuTransfer.table.caption')}>
      <Table miw={640} verticalSpacing="xs">
        <Table.Caption>{t('menuTransfer.table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('menuTransfer.table.row')}</Table.Th>
            <Table.Th scope="col">{t('menuTransfer.table.category')}</Table.Th>
            <Table.Th scope="col">{t('menuTransfer.table.dish')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('menuTransfer.table.price')}
            </Table.Th>
            <Table.Th scope="col">{t('menuTransfer.table.result')}</Table.Th>
            <Table.Th scope="col">{t('menuTransfer.table.problems')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.row}
              className={r.errors.length > 0 ? classes.errorRow : undefined}
              data-testid="import-row"
              data-row={r.row}
              data-error={r.errors.length > 0 || undefined}
            >
              <Table.Th scope="row">{r.row}</Table.Th>
              <Table.Td>
                {name(r.category)}{' '}
                {r.newCategory && (
                  <Badge size="xs" variant="outline" color="green">
                    {t('menuTransfer.table.newCategory')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{name(r.name)}</Table.Td>
              <Table.Td ta="right">
                {r.priceCents === null ? '' : formatAmount(r.priceCents / 100, i18n.language)}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={ACTION_COLORS[r.action]} tt="none">
                  {t(`menuTransfer.actions.${r.action}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {r.errors.length > 0 && (
                  <ul className={classes.problems}>
                    {r.errors.map((e, i) => (
                      <Text component="li" size="sm" c="red.9" key={i}>
                        {problemText(e)}
                      </Text>
                    ))}
                  </ul>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
