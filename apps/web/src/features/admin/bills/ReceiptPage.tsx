import { useState, type ReactNode } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLockOpen, IconPrinter } from '@tabler/icons-react';
import { lineCents, mayDo, toCents, vatIncludedCents, type Bill, type PrintRequestBody } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { PrintOnPrinterButton } from '../shared/print-preview/PrintOnPrinterButton';
import { useRestaurantAccess } from '../shared/use-restaurant-access';
import { useBill } from './bills-api';
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
import { billPath } from './bill-paths';
import { ReopenModal } from './ReopenModal';
import classes from './receipt.module.css';
import slip from '../shared/slip.module.css';

type Payment = Bill['payments'][number];

/**
 * What the page prints from the bill: the receipt of the whole bill, the pre-bill (the check before payment: what
 * is due, no payments), or the receipt of one part of a split bill (one payment).
 */
export type ReceiptMode = { kind: 'receipt' } | { kind: 'prebill' } | { kind: 'part'; payment: Payment };

/**
 * `/admin/receipt?orderIds=…`: the bill's receipt for an 80 mm printer, printed with the browser; `&prebill=1` the
 * pre-bill, `&part=<payment id>` the receipt of that part of a split bill. A paid bill's receipt can be printed again
 * at any time.
 */
export function ReceiptPage() {
  return <RestaurantScreen titleKey="bills.receipt.title" screen={ReceiptScreen} />;
}

function ReceiptScreen({ restaurantId }: RestaurantScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const orderIds = parseOrderIds(search.get('orderIds'));
  const preBill = search.get('prebill') === '1';
  const partId = search.get('part');
  const bill = useBill(restaurantId, orderIds);
  const { restaurant } = useRestaurantAccess();
  const navigate = useNavigate();
  const [reopening, setReopening] = useState(false);
  const backPath = billPath(restaurantId, orderIds);

  if (orderIds.length === 0) {
    return (
      <Alert color="blue" icon={<IconAlertCircle />}>
        {t('bills.noOrders')}
      </Alert>
    );
  }
  if (bill.isPending) return <PageLoader rows={1} />;
  if (bill.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('bills.loadFailed')} role="alert">
        {errorText(bill.error)}
      </Alert>
    );
  }
  const payment = partId ? bill.data.payments.find((p) => p.id === partId && !isRefund(p)) : undefined;
  const mode: ReceiptMode = preBill ? { kind: 'prebill' } : payment ? { kind: 'part', payment } : { kind: 'receipt' };
  // The receipt printers print a whole bill: its pre-bill while open, its receipt once paid (not a part of a split).
  const printerRequest: PrintRequestBody | null =
    mode.kind === 'prebill'
      ? { what: 'PREBILL', orderIds }
      : mode.kind === 'receipt' && bill.data.status === 'PAID'
        ? { what: 'RECEIPT', orderIds }
        : null;
  return (
    <div className={classes.screen}>
      <div className={`${classes.actions} ${slip.noPrint}`}>
        <Button component={Link} to={backPath} variant="default" leftSection={<IconArrowLeft size={18} />}>
          {t('bills.backToBill')}
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {t('bills.receipt.print')}
        </Button>
        {printerRequest && mayDo(restaurant?.roles, 'printBill') && (
          <PrintOnPrinterButton eateryId={restaurantId} request={printerRequest} />
        )}
        {mode.kind === 'receipt' && bill.data.status === 'PAID' && mayDo(restaurant?.roles, 'reopen') && (
          <Button variant="light" leftSection={<IconLockOpen size={18} />} onClick={() => setReopening(true)}>
            {t('bills.reopen.open')}
          </Button>
        )}
      </div>
      {partId && !payment && !preBill && (
        // A part that is not (or no longer) on the bill: say so above the whole bill's receipt.
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />} className={slip.noPrint}>
          {t('bills.receipt.partNotFound')}
        </Alert>
      )}
      <Receipt bill={bill.data} mode={mode} />
      {reopening && (
        <ReopenModal
          eateryId={restaurantId}
          billOrderIds={orderIds}
          closedOrderIds={closedOrders(bill.data).map((o) => o.id)}
          onClose={() => setReopening(false)}
          // An open bill is worked on from the bill screen, not printed.
          onDone={() => void navigate(backPath)}
        />
      )}
    </div>
  );
}

/** A label on the left, an amount kept whole on the right. */
function Row({
  label,
  value,
  className,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className ? `${slip.row} ${className}` : slip.row} data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * The receipt itself, in the RESTAURANT's language (not the interface's). Header: name, address, phones, VÖEN when
 * set; the orders' numbers of the day, tables, waiters, the cashier, date and time in the restaurant's time zone.
 * Then the items with their options, subtotal, discount, service charge, total, the VAT it includes (VAT payers),
 * tips, each payment with the cash handed over and the change; the restaurant's footer and, in small type, that this
 * is not a fiscal receipt (the fiscal one comes from the registered cash register).
 */
export function Receipt({ bill, mode = { kind: 'receipt' } }: { bill: Bill; mode?: ReceiptMode }) {
  const { i18n } = useTranslation();
  const lang = bill.eatery.language;
  const t = i18n.getFixedT(lang);
  const money = (amount: number) => formatAmount(amount, lang);
  const currency = bill.eatery.currency || t('bills.receipt.currency');
  const vatRateBp = Math.round(bill.eatery.vatRatePercent * 100);
  const vatLabel = t('bills.receipt.vatIncluded', { rate: formatRate(vatRateBp, lang) });
  const part = mode.kind === 'part' ? mode.payment : null;
  // A part paid by items lists those items; a part paid as an amount is a share of the whole bill.
  const itemsPart = part?.itemIds ? new Set(part.itemIds) : null;
  const items = itemsPart ? bill.items.filter((i) => itemsPart.has(i.id)) : bill.items;

  const tables = distinct(bill.orders.map((o) => o.tableNumber));
  const waiters = distinct(bill.orders.map((o) => o.waiter));
  const parts = bill.payments.filter((p) => !isRefund(p));
  const cashier = part ? part.createdBy : mode.kind === 'receipt' ? (bill.paidBy ?? parts.at(-1)?.createdBy) : null;
  const when =
    mode.kind === 'prebill'
      ? new Date().toISOString()
      : (part?.createdAt ?? bill.paidAt ?? bill.payments.at(-1)?.createdAt ?? new Date().toISOString());
  const title =
    mode.kind === 'prebill'
      ? t('bills.receipt.preBillTitle')
      : part
        ? t('bills.receipt.partTitle', { n: parts.indexOf(part) + 1, count: parts.length })
        : null;

  return (
    <article
      className={classes.receipt}
      data-receipt
      data-print-slip
      data-mode={mode.kind}
      lang={lang}
      aria-label={title ?? t('bills.receipt.title')}
    >
      <header className={classes.header}>
        <h1 className={classes.name}>{bill.eatery.name}</h1>
        {bill.eatery.address && <div>{bill.eatery.address}</div>}
        {bill.eatery.phones.length > 0 && <div>{bill.eatery.phones.join(', ')}</div>}
        {bill.eatery.taxId && (
          <div data-testid="receipt-tax-id">{t('bills.receipt.taxId', { taxId: bill.eatery.taxId })}</div>
        )}
      </header>
      {title && (
        <h2 className={classes.docTitle} data-testid="receipt-doc-title">
          {title}
        </h2>
      )}
      <Row
        label={t(bill.orders.length > 1 ? 'bills.receipt.orders' : 'bills.receipt.order')}
        value={bill.orders.map((o) => `#${o.number}`).join(', ')}
      />
      <Row label={t(tables.length > 1 ? 'bills.receipt.tables' : 'bills.receipt.table')} value={tables.join(', ')} />
      {waiters.length > 0 && (
        <Row label={t('bills.receipt.waiter')} value={waiters.join(', ')} className={classes.wrapValue} />
      )}
      {cashier && <Row label={t('bills.receipt.cashier')} value={cashier} className={classes.wrapValue} />}
      <Row label={t('bills.receipt.date')} value={formatDateTime(when, lang, bill.eatery.timeZone)} />
      <hr className={slip.rule} />
      {items.map((item) => (
        <div key={item.id} className={classes.item} data-testid="receipt-item">
          <div>{itemName(item, lang)}</div>
          {billItemOptions(item, lang) && (
            <div className={classes.itemOptions} data-testid="receipt-item-options">
              {billItemOptions(item, lang)}
            </div>
          )}
          <Row
            className={classes.itemLine}
            label={`${item.quantity} × ${money(item.price)}`}
            value={money(item.total)}
          />
        </div>
      ))}
      <hr className={slip.rule} />
      {itemsPart && part ? (
        <ItemsPartTotals bill={bill} items={items} payment={part} money={money} currency={currency} />
      ) : (
        <>
          <Row label={t('bills.receipt.subtotal')} value={money(bill.subtotal)} />
          {toCents(bill.discount) > 0 && (
            <>
              <Row label={t('bills.receipt.discount')} value={`−${money(bill.discount)}`} />
              {bill.discountReason && <div className={classes.muted}>{bill.discountReason}</div>}
            </>
          )}
          {toCents(bill.serviceCharge) > 0 && (
            <Row
              label={serviceChargeLabel(bill, lang)}
              value={money(bill.serviceCharge)}
              testId="receipt-service-charge"
            />
          )}
          <Row
            label={t('bills.receipt.total')}
            value={`${money(bill.total)} ${currency}`}
            className={part ? undefined : classes.total}
          />
          {/* A part's VAT is printed with the part below. */}
          {bill.eatery.vatPayer && !part && <Row label={vatLabel} value={money(bill.vat)} testId="receipt-vat" />}
        </>
      )}
      {part && !itemsPart && (
        <Row label={t('bills.receipt.part')} value={`${money(part.amount)} ${currency}`} className={classes.total} />
      )}
      {part && bill.eatery.vatPayer && (
        <Row
          label={vatLabel}
          value={money(vatIncludedCents(toCents(part.amount), vatRateBp) / 100)}
          testId="receipt-vat"
        />
      )}
      {mode.kind === 'prebill' ? (
        <PreBillDue bill={bill} money={money} currency={currency} />
      ) : (
        <Payments bill={bill} payments={part ? [part] : bill.payments} money={money} whole={!part} />
      )}
      <hr className={slip.rule} />
      {bill.eatery.receiptFooter.trim() ? (
        <p className={classes.footer} data-testid="receipt-footer">
          {bill.eatery.receiptFooter}
        </p>
      ) : (
        <p className={classes.thanks}>{t('bills.receipt.thanks')}</p>
      )}
      <p className={classes.notFiscal}>{t('bills.receipt.notFiscal')}</p>
    </article>
  );
}

/** The totals of a part paid by items: the items' sum, then what the part took (their share of the discount and the service charge on them). */
function ItemsPartTotals({
  bill,
  items,
  payment,
  money,
  currency,
}: {
  bill: Bill;
  items: Bill['items'];
  payment: Payment;
  money: (amount: number) => string;
  currency: string;
}) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(bill.eatery.language);
  const lines = items.reduce((s, i) => s + lineCents(i), 0);
  return (
    <>
      <Row label={t('bills.receipt.subtotal')} value={money(lines / 100)} />
      <Row label={t('bills.receipt.part')} value={`${money(payment.amount)} ${currency}`} className={classes.total} />
      {(toCents(bill.serviceCharge) > 0 || toCents(bill.discount) > 0) && (
        <div className={classes.muted}>
          {t('bills.receipt.partIncludes', {
            what: [
              toCents(bill.discount) > 0 ? t('bills.receipt.discount') : null,
              toCents(bill.serviceCharge) > 0 ? serviceChargeLabel(bill, bill.eatery.language) : null,
            ]
              .filter(Boolean)
              .join(', '),
          })}
        </div>
      )}
    </>
  );
}

/** The pre-bill's end: what was paid already (when anything was) and what is due now. */
function PreBillDue({ bill, money, currency }: { bill: Bill; money: (amount: number) => string; currency: string }) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(bill.eatery.language);
  return (
    <>
      {toCents(bill.tips) > 0 && <Row label={t('bills.receipt.tips')} value={money(bill.tips)} />}
      {toCents(bill.paid) > 0 && <Row label={t('bills.receipt.paid')} value={`−${money(bill.paid)}`} />}
      <Row
        label={t('bills.receipt.due')}
        value={`${money(bill.due)} ${currency}`}
        className={classes.total}
        testId="receipt-due"
      />
    </>
  );
}

/**
 * Tips, then each payment (what the guest handed over for it: its amount and tip), with the cash tendered and the
 * change; refunds with their reason. `whole`: the receipt of the whole bill, with what was refunded and what is due.
 */
function Payments({
  bill,
  payments,
  money,
  whole,
}: {
  bill: Bill;
  payments: Payment[];
  money: (amount: number) => string;
  whole: boolean;
}) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(bill.eatery.language);
  const tips = whole ? toCents(bill.tips) : payments.reduce((s, p) => s + toCents(p.tip), 0);
  return (
    <>
      {tips > 0 && <Row label={t('bills.receipt.tips')} value={money(tips / 100)} />}
      {payments.length > 0 && <hr className={slip.rule} />}
      {payments.map((p) =>
        isRefund(p) ? (
          <div key={p.id} data-testid="receipt-refund">
            <Row
              label={`${t('bills.receipt.refund')}: ${t(`bills.receipt.method.${p.method}`)}`}
              value={`−${money(-p.amount)}`}
            />
            {p.reason && <div className={classes.muted}>{p.reason}</div>}
          </div>
        ) : (
          <div key={p.id} data-testid="receipt-payment-block">
            <Row
              testId="receipt-payment"
              label={`${t('bills.receipt.payment')}: ${t(`bills.receipt.method.${p.method}`)}`}
              value={money((toCents(p.amount) + toCents(p.tip)) / 100)}
            />
            {p.tendered !== null && (
              <>
                <Row label={t('bills.receipt.tendered')} value={money(p.tendered)} className={classes.itemLine} />
                <Row
                  label={t('bills.receipt.change')}
                  value={money(p.change ?? 0)}
                  className={classes.itemLine}
                  testId="receipt-change"
                />
              </>
            )}
          </div>
        ),
      )}
      {whole && toCents(bill.refunded) > 0 && (
        <Row label={t('bills.receipt.refunded')} value={`−${money(bill.refunded)}`} />
      )}
      {whole && toCents(bill.due) > 0 && (
        <Row label={t('bills.receipt.due')} value={money(bill.due)} className={classes.total} />
      )}
    </>
  );
}
