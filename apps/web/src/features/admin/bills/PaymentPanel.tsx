import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Card,
  Checkbox,
  Group,
  Menu,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsSplit2, IconCheck } from '@tabler/icons-react';
import {
  billItemsPartCents,
  centsToDecimal,
  splitEqually,
  toCents,
  type Bill,
  type PaymentMethod,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useTableCalls } from '../shared/live/use-table-calls';
import { askedPaymentMethod } from './asked-method';
import { useRecordPayment, useSplitItem } from './bills-api';
import { formatAmount, itemName } from './bill-format';
import { PaymentPartForm, type PartPayment } from './PaymentPartForm';

type SplitMode = 'whole' | 'equal' | 'items';

const MIN_GUESTS = 2;
const MAX_GUESTS = 30;

/** What every way of splitting needs to draw its parts' forms. */
interface PartContext {
  eateryId: number;
  money: (cents: number) => string;
  suggestedMethod: PaymentMethod | null;
}

/**
 * Recording payments: the whole bill at once, equal parts for N guests (each recorded with its own method and tip),
 * or the items one guest pays. Every part is one POST; the answer is the bill as it now is. The method starts at
 * what the guest asked for when they called for the bill from the table.
 */
export function PaymentPanel({ eateryId, orderIds, bill }: { eateryId: number; orderIds: number[]; bill: Bill }) {
  const { t, i18n } = useTranslation();
  const record = useRecordPayment(eateryId, orderIds);
  const calls = useTableCalls(eateryId);
  const [mode, setMode] = useState<SplitMode>('whole');
  const currency = bill.eatery.currency || t('bills.currency');
  const money = (cents: number) => `${formatAmount(cents / 100, i18n.language)} ${currency}`;
  const due = toCents(bill.due);
  const ctx: PartContext = { eateryId, money, suggestedMethod: askedPaymentMethod(calls.data, bill) };

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
          <PaymentPartForm
            {...ctx}
            partCents={due}
            submitLabel={(amount) => t('bills.record', { amount })}
            onRecord={(p) => send(p)}
          />
        )}
        {mode === 'equal' && <EqualSplit dueCents={due} ctx={ctx} onRecord={send} />}
        {mode === 'items' && <ItemsSplit bill={bill} orderIds={orderIds} ctx={ctx} onRecord={send} />}
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
  ctx,
  onRecord,
}: {
  dueCents: number;
  ctx: PartContext;
  onRecord: (body: { amount: string } & PartPayment) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { money } = ctx;
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
              {...ctx}
              label={`${t('bills.split.part', { n: i + 1, count: guests })} · ${money(cents)}`}
              partCents={cents}
              submitLabel={(amount) => t('bills.recordPart', { n: i + 1, amount })}
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

/**
 * The items one guest pays: ticked among those not yet paid; the server prices them (the part shown is the contract's
 * billItemsPartCents: their lines less their share of the discount, plus the service charge). A line of several
 * (3 × burger) can be split first (1 + 2), so that each guest ticks their own.
 */
function ItemsSplit({
  bill,
  orderIds,
  ctx,
  onRecord,
}: {
  bill: Bill;
  orderIds: number[];
  ctx: PartContext;
  onRecord: (body: { itemIds: number[] } & PartPayment) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { money } = ctx;
  const split = useSplitItem(ctx.eateryId, orderIds);
  const [picked, setPicked] = useState<number[]>([]);
  const open = bill.items.filter((i) => !i.paid);
  // Ticked lines the bill no longer has unpaid (paid by another cashier meanwhile) do not count.
  const chosen = picked.filter((id) => open.some((i) => i.id === id));
  const part = billItemsPartCents(bill, chosen);
  const [pickError, setPickError] = useState(false);

  if (open.length === 0) return <Text c="dimmed">{t('bills.split.noItemsLeft')}</Text>;
  return (
    <Stack gap="sm">
      <ErrorBanner error={split.error} onClose={() => split.reset()} />
      <Checkbox.Group
        label={t('bills.split.chooseItems')}
        value={chosen.map(String)}
        onChange={(v) => {
          setPicked(v.map(Number));
          setPickError(false);
        }}
        error={pickError ? t('bills.pickItems') : undefined}
      >
        <Stack gap={6} mt="xs">
          {open.map((item) => (
            <Group key={item.id} gap="xs" wrap="nowrap" justify="space-between" data-testid="split-line">
              <Checkbox
                value={String(item.id)}
                label={`${item.quantity} × ${itemName(item, i18n.language)} · ${money(toCents(item.total))}`}
              />
              {item.quantity > 1 && (
                <SplitLineMenu
                  name={itemName(item, i18n.language)}
                  quantity={item.quantity}
                  busy={split.isPending && split.variables?.itemId === item.id}
                  onSplit={(quantity) => split.mutate({ itemId: item.id, quantity })}
                />
              )}
            </Group>
          ))}
        </Stack>
      </Checkbox.Group>
      <Text fw={600}>{t('bills.split.selected', { amount: money(part) })}</Text>
      <PaymentPartForm
        {...ctx}
        partCents={part}
        submitLabel={(amount) => t('bills.record', { amount })}
        onRecord={async (p) => {
          if (chosen.length === 0) {
            setPickError(true);
            return;
          }
          await onRecord({ itemIds: chosen, ...p });
          setPicked([]);
        }}
      />
    </Stack>
  );
}

/**
 * Splits a line of `quantity` in two: "1 + 2" takes 1 off to a new line and leaves 2 (any 1 .. quantity − 1 may be
 * taken off).
 */
function SplitLineMenu({
  name,
  quantity,
  busy,
  onSplit,
}: {
  name: string;
  quantity: number;
  busy: boolean;
  onSplit: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const choices = Array.from({ length: quantity - 1 }, (_, i) => i + 1);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="light"
          size="lg"
          loading={busy}
          aria-label={t('bills.splitLine.open', { name, quantity })}
          style={{ flexShrink: 0 }}
        >
          <IconArrowsSplit2 size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={280} style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('bills.splitLine.title', { name, quantity })}</Menu.Label>
        {choices.map((k) => (
          <Menu.Item key={k} onClick={() => onSplit(k)}>
            {`${k} + ${quantity - k}`}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
