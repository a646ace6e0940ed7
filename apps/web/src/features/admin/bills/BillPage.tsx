import { Alert, Badge, Button, Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { mayDo, toCents, type Bill } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { PrintOnPrinterButton } from '../shared/print-preview/PrintOnPrinterButton';
import { ScreenHeader } from '../shared/ScreenHeader';
import { useRestaurantAccess } from '../shared/use-restaurant-access';
import { useBill } from './bills-api';
import { useLiveBill } from './use-live-bill';
import {
  billItemOptions,
  closedOrders,
  formatAmount,
  formatDateTime,
  formatRate,
  isRefund,
  itemName,
  parseOrderIds,
  serviceChargeLabel,
} from './bill-format';
import { partReceiptPath, preBillPath, receiptPath } from './bill-paths';
import { BillCorrections } from './BillCorrections';
import { DiscountForm } from './DiscountForm';
import { PaymentPanel } from './PaymentPanel';
import classes from './bill.module.css';

/** `/admin/bill?orderIds=1,2`: one or more open orders closed together (CASHIER, EATERY_ADMIN). */
export function BillPage() {
  return <RestaurantScreen titleKey="bills.title" screen={BillScreen} />;
}

function BillScreen({ restaurantId, restaurantName }: RestaurantScreenProps) {
  const { t } = useTranslation();
  // A cashier gives a discount too, with a manager approving (DiscountForm).
  const { restaurant } = useRestaurantAccess();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const orderIds = parseOrderIds(search.get('orderIds'));
  const bill = useBill(restaurantId, orderIds);
  useLiveBill(restaurantId, orderIds);

  const header = (
    <ScreenHeader
      title={
        bill.data
          ? `${t('bills.title')} ${bill.data.orders.map((o) => t('bills.orderNumber', { number: o.number })).join(', ')}`
          : t('bills.title')
      }
      restaurantName={restaurantName}
    />
  );
  if (orderIds.length === 0) {
    return (
      <>
        {header}
        <Alert color="blue" icon={<IconAlertCircle />}>
          {t('bills.noOrders')}
        </Alert>
      </>
    );
  }
  if (bill.isPending) return <PageLoader rows={2} />;
  if (bill.error) {
    return (
      <>
        {header}
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('bills.loadFailed')} role="alert">
          {errorText(bill.error)}
        </Alert>
      </>
    );
  }
  const data = bill.data;
  // The receipt printers: pre-bills and receipts go to every printer that prints them (ROLE_MATRIX.printBill).
  const canPrint = mayDo(restaurant?.roles, 'printBill');
  return (
    <>
      {header}
      <div className={classes.layout}>
        <div className={classes.summary}>
          <BillSummary bill={data} />
        </div>
        <Stack gap="md" className={classes.actions}>
          {data.status === 'OPEN' && (
            <Button
              component={Link}
              to={preBillPath(restaurantId, orderIds)}
              variant="default"
              leftSection={<IconFileInvoice size={18} />}
            >
              {t('bills.preBill.print')}
            </Button>
          )}
          {data.status === 'OPEN' && canPrint && (
            <PrintOnPrinterButton
              eateryId={restaurantId}
              request={{ what: 'PREBILL', orderIds }}
              label={t('bills.printer.prebill')}
            />
          )}
          {data.status === 'PAID' ? (
            <PaidPanel bill={data} restaurantId={restaurantId} orderIds={orderIds} canPrint={canPrint} />
          ) : closedOrders(data).length > 0 ? (
            <ClosedOrdersAlert bill={data} />
          ) : data.orders.some((o) => o.status === 'NEEDS_CONFIRMATION') ? (
            // The server takes no payment or discount before staff accept the order (it may yet be rejected).
            <Alert color="yellow" variant="light" icon={<IconAlertCircle />} data-testid="bill-not-confirmed">
              {t('errors.orderNotConfirmed')}
            </Alert>
          ) : (
            <>
              <PaymentPanel eateryId={restaurantId} orderIds={orderIds} bill={data} />
              {mayDo(restaurant?.roles, 'discount') && (
                <DiscountForm eateryId={restaurantId} orderIds={orderIds} bill={data} />
              )}
            </>
          )}
          <BillCorrections eateryId={restaurantId} orderIds={orderIds} bill={data} />
        </Stack>
        <div className={classes.payments}>
          <PaymentsList bill={data} restaurantId={restaurantId} orderIds={orderIds} />
        </div>
      </div>
    </>
  );
}

/** An amount of the bill with its restaurant's currency, in the interface language's format. */
function useMoney(bill: Bill) {
  const { t, i18n } = useTranslation();
  const currency = bill.eatery.currency || t('bills.currency');
  return (amount: number) => `${formatAmount(amount, i18n.language)} ${currency}`;
}

/**
 * Tables and orders, items (names in the interface language), then the totals: subtotal, discount, the service
 * charge on its own line, the total with the VAT it includes, tips apart, down to what is still due.
 */
function BillSummary({ bill }: { bill: Bill }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(bill);
  const tables = [...new Set(bill.orders.map((o) => o.tableNumber))];
  return (
    <Card withBorder radius="md" padding="md">
      <Group gap="xs" mb="sm">
        {tables.map((n) => (
          <Badge key={n} size="lg" variant="light">
            {t('bills.table', { number: n })}
          </Badge>
        ))}
        <Text c="dimmed" size="sm">
          {t('bills.orders')}: {bill.orders.map((o) => t('bills.orderNumber', { number: o.number })).join(', ')}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={6} aria-label={t('bills.items')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bills.item')}</Table.Th>
              <Table.Th ta="right">{t('bills.qty')}</Table.Th>
              <Table.Th ta="right">{t('bills.price')}</Table.Th>
              <Table.Th ta="right">{t('bills.sum')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bill.items.map((item) => (
              <Table.Tr key={item.id} data-testid="bill-item">
                <Table.Td>
                  {itemName(item, i18n.language)}{' '}
                  {item.paid && (
                    <Badge size="xs" color="green" variant="light">
                      {t('bills.itemPaid')}
                    </Badge>
                  )}
                  {billItemOptions(item, i18n.language) && (
                    <Text size="xs" c="dimmed" data-testid="item-options">
                      {billItemOptions(item, i18n.language)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{formatAmount(item.price, i18n.language)}</Table.Td>
                <Table.Td ta="right">{formatAmount(item.total, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Divider my="sm" />
      <Stack gap={4}>
        <TotalRow label={t('bills.subtotal')} value={money(bill.subtotal)} />
        {toCents(bill.discount) > 0 && (
          <TotalRow
            label={t('bills.discount')}
            value={`−${money(bill.discount)}`}
            note={bill.discountReason ? t('bills.discountReason', { reason: bill.discountReason }) : undefined}
          />
        )}
        {toCents(bill.serviceCharge) > 0 && (
          <TotalRow
            label={serviceChargeLabel(bill, i18n.language)}
            value={money(bill.serviceCharge)}
            testId="bill-service-charge"
          />
        )}
        <TotalRow label={t('bills.total')} value={money(bill.total)} strong />
        {bill.eatery.vatPayer && (
          <Text size="sm" c="dimmed" ta="right" data-testid="bill-vat">
            {t('bills.vatIncluded', {
              rate: formatRate(Math.round(bill.eatery.vatRatePercent * 100), i18n.language),
              amount: money(bill.vat),
            })}
          </Text>
        )}
        {toCents(bill.tips) > 0 && <TotalRow label={t('bills.tips')} value={money(bill.tips)} />}
        {toCents(bill.refunded) > 0 && (
          <TotalRow label={t('bills.refunded')} value={`−${money(bill.refunded)}`} testId="bill-refunded" />
        )}
        {/* `paid` is already net of refunds: say so once there are any. */}
        <TotalRow label={t(toCents(bill.refunded) > 0 ? 'bills.paidNet' : 'bills.paid')} value={money(bill.paid)} />
        <TotalRow label={t('bills.due')} value={money(bill.due)} strong testId="bill-due" />
      </Stack>
    </Card>
  );
}

function TotalRow({
  label,
  value,
  note,
  strong,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={strong ? 700 : 400} size={strong ? 'lg' : 'md'}>
          {label}
        </Text>
        <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'md'} data-testid={testId}>
          {value}
        </Text>
      </Group>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
    </div>
  );
}

/**
 * The payments recorded so far: when (restaurant time), how, how much, tip, cash handed over and change, by whom.
 * A part of a split bill has its own receipt.
 */
function PaymentsList({ bill, restaurantId, orderIds }: { bill: Bill; restaurantId: number; orderIds: number[] }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(bill);
  // One payment of a paid bill is the whole bill: its receipt is the bill's. Otherwise each part prints its own.
  const parts = bill.payments.filter((p) => !isRefund(p));
  const partReceipts = parts.length > 1 || bill.status === 'OPEN';
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="sm">
        {t('bills.payments')}
      </Title>
      {bill.payments.length === 0 ? (
        <Text c="dimmed">{t('bills.noPayments')}</Text>
      ) : (
        <Stack gap={6}>
          {bill.payments.map((p) => (
            <Group key={p.id} justify="space-between" wrap="wrap" gap="xs" data-testid="bill-payment">
              {isRefund(p) ? (
                <Text fw={600} c="red" data-refund>
                  {t('bills.refundRow', { method: t(`bills.method.${p.method}`), amount: money(-p.amount) })}
                  {p.reason && ` · ${p.reason}`}
                </Text>
              ) : (
                <Text fw={600}>
                  {t('bills.paymentRow', { method: t(`bills.method.${p.method}`), amount: money(p.amount) })}
                  {toCents(p.tip) > 0 && ` · ${t('bills.paymentTip', { amount: money(p.tip) })}`}
                  {p.itemIds && ` · ${t('bills.paymentItems', { count: p.itemIds.length })}`}
                  {p.tendered !== null &&
                    ` · ${t('bills.paymentCash', { tendered: money(p.tendered), change: money(p.change ?? 0) })}`}
                </Text>
              )}
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {formatDateTime(p.createdAt, i18n.language, bill.eatery.timeZone)}
                  {p.createdBy && ` · ${t('bills.paymentBy', { name: p.createdBy })}`}
                </Text>
                {partReceipts && !isRefund(p) && (
                  <Button
                    component={Link}
                    to={partReceiptPath(restaurantId, orderIds, p.id)}
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPrinter size={14} />}
                  >
                    {t('bills.printPart')}
                  </Button>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * An open bill with some of its orders closed (cancelled, or paid on their own): the server takes no payment or
 * discount on it until a manager reopens them, so it says which and why instead of offering a payment that fails.
 */
function ClosedOrdersAlert({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const numbers = (status: string) =>
    bill.orders
      .filter((o) => o.status === status)
      .map((o) => t('bills.orderNumber', { number: o.number }))
      .join(', ');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertCircle />}
      title={t('bills.closedOrders.title')}
      data-testid="bill-closed-orders"
    >
      <Stack gap={4}>
        {(['CANCELLED', 'PAID'] as const).map(
          (status) =>
            numbers(status) && (
              <Text key={status}>{t(`bills.closedOrders.${status}`, { orders: numbers(status) })}</Text>
            ),
        )}
        <Text size="sm">{t('bills.closedOrders.hint')}</Text>
      </Stack>
    </Alert>
  );
}

/** A closed bill: who closed it and when (the restaurant's time), and the receipt: in the browser or on the printers. */
function PaidPanel({
  bill,
  restaurantId,
  orderIds,
  canPrint,
}: {
  bill: Bill;
  restaurantId: number;
  orderIds: number[];
  canPrint: boolean;
}) {
  const { t, i18n } = useTranslation();
  const time = bill.paidAt ? formatDateTime(bill.paidAt, i18n.language, bill.eatery.timeZone) : '';
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck />}
      title={t('bills.paidTitle')}
      data-testid="bill-paid"
    >
      <Stack gap="sm">
        {time && (
          <Text>{bill.paidBy ? t('bills.paidBy', { name: bill.paidBy, time }) : t('bills.paidAt', { time })}</Text>
        )}
        <Button component={Link} to={receiptPath(restaurantId, orderIds)} leftSection={<IconPrinter size={18} />}>
          {t('bills.printReceipt')}
        </Button>
        {canPrint && (
          <PrintOnPrinterButton
            eateryId={restaurantId}
            request={{ what: 'RECEIPT', orderIds }}
            label={t('bills.printer.receipt')}
          />
        )}
      </Stack>
    </Alert>
  );
}
