import { useState } from 'react';
import { Alert, Card, Checkbox, NumberInput, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { centsToDecimal, splitEqually, toCents, type Bill } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useRecordPayment } from './bills-api';
import { formatAmount, itemName } from './bill-format';
import { PaymentPartForm, type PartPayment } from './PaymentPartForm';

type SplitMode = 'whole' | 'equal' | 'items';

const MIN_GUESTS = 2;
const MAX_GUESTS = 30;

/**
 * Recording payments: the whole bill at once, equal parts for N guests (each recorded with its own method and tip),
 * or the items one guest pays. Every part is one POST; the answer is the bill as it now is.
 */
export function PaymentPanel({ eateryId, orderIds, bill }: { eateryId: number; orderIds: number[]; bill: Bill }) {
  const { t, i18n } = useTranslation();
  const record = useRecordPayment(eateryId, orderIds);
  const [mode, setMode] = useState<SplitMode>('whole');
  const money = (cents: number) => `${formatAmount(cents / 100, i18n.language)} ${t('bills.currency')}`;
  const due = toCents(bill.due);

  const send = async (body: Omit<Parameters<typeof record.mutateAsync>[0], 'method'> & PartPayment) => {
    await record.mutateAsync(body);
    notifications.show({ color: 'green', message: t('bills.recorded'), icon: <IconCheck size={18} /> });
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('bills.split.label')}
        </Title>
        <SegmentedControl
          fullWidth
          // Long labels ("Məhsullara görə") wrap on a phone instead of being cut off.
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.25 } }}
          aria-label={t('bills.split.label')}
          value={mode}
          onChange={(v) => setMode(v as SplitMode)}
          data={(['whole', 'equal', 'items'] as const).map((m) => ({ value: m, label: t(`bills.split.${m}`) }))}
        />
        {mode === 'whole' && (
          // No amount: the server records everything still due.
          <PaymentPartForm submitLabel={t('bills.record', { amount: money(due) })} onRecord={(p) => send(p)} />
        )}
        {mode === 'equal' && <EqualSplit dueCents={due} money={money} onRecord={send} />}
        {mode === 'items' && <ItemsSplit bill={bill} money={money} onRecord={send} />}
      </Stack>
    </Card>
  );
}

/**
 * N equal parts of what was due when the split was chosen (splitEqually: 10.00 / 3 → 3.34, 3.33, 3.33), each sent as
 * its exact amount. The parts stay fixed while they are recorded one by one.
 */
function EqualSplit({
  dueCents,
  money,
  onRecord,
}: {
  dueCents: number;
  money: (cents: number) => string;
  onRecord: (body: { amount: string } & PartPayment) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [guests, setGuests] = useState(MIN_GUESTS);
  const [base, setBase] = useState(dueCents);
  const [done, setDone] = useState<number[]>([]);
  const parts = splitEqually(base, guests);

  const changeGuests = (value: string | number) => {
    const n = Math.min(MAX_GUESTS, Math.max(MIN_GUESTS, Math.trunc(Number(value)) || MIN_GUESTS));
    setGuests(n);
    // A new split divides what is due now.
    setBase(dueCents);
    setDone([]);
  };

  return (
    <Stack gap="md">
      <NumberInput
        label={t('bills.split.guests')}
        min={MIN_GUESTS}
        max={MAX_GUESTS}
        allowDecimal={false}
        allowNegative={false}
        value={guests}
        onChange={changeGuests}
        maw={200}
      />
      {parts.map((cents, i) =>
        done.includes(i) ? (
          <Alert key={`${guests}-${i}`} color="green" variant="light" icon={<IconCheck />}>
            {t('bills.split.partRecorded', { n: i + 1 })} · {money(cents)}
          </Alert>
        ) : (
          <Card key={`${guests}-${i}`} withBorder radius="sm" padding="sm" data-testid="split-part">
            <PaymentPartForm
              label={`${t('bills.split.part', { n: i + 1, count: guests })} · ${money(cents)}`}
              submitLabel={t('bills.recordPart', { n: i + 1, amount: money(cents) })}
              onRecord={async (p) => {
                await onRecord({ amount: centsToDecimal(cents), ...p });
                setDone((d) => [...d, i]);
              }}
            />
          </Card>
        ),
      )}
    </Stack>
  );
}

/** The items one guest pays: ticked among those not yet paid; the server prices them. */
function ItemsSplit({
  bill,
  money,
  onRecord,
}: {
  bill: Bill;
  money: (cents: number) => string;
  onRecord: (body: { itemIds: number[] } & PartPayment) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<number[]>([]);
  const open = bill.items.filter((i) => !i.paid);
  const sum = open.filter((i) => picked.includes(i.id)).reduce((s, i) => s + toCents(i.total), 0);
  const [pickError, setPickError] = useState(false);

  if (open.length === 0) return <Text c="dimmed">{t('bills.split.noItemsLeft')}</Text>;
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={t('bills.split.chooseItems')}
        value={picked.map(String)}
        onChange={(v) => {
          setPicked(v.map(Number));
          setPickError(false);
        }}
        error={pickError ? t('bills.pickItems') : undefined}
      >
        <Stack gap={6} mt="xs">
          {open.map((item) => (
            <Checkbox
              key={item.id}
              value={String(item.id)}
              label={`${item.quantity} × ${itemName(item, i18n.language)} · ${money(toCents(item.total))}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text fw={600}>{t('bills.split.selected', { amount: money(sum) })}</Text>
      <PaymentPartForm
        submitLabel={t('bills.record', { amount: money(sum) })}
        onRecord={async (p) => {
          if (picked.length === 0) {
            setPickError(true);
            return;
          }
          await onRecord({ itemIds: picked, ...p });
          setPicked([]);
        }}
      />
    </Stack>
  );
}
