import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLockOpen, IconPrinter } from '@tabler/icons-react';
import { mayDo, toCents, type Bill } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { useRestaurantAccess } from '../shared/use-restaurant-access';
import { useBill } from './bills-api';
import {
  billItemOptions,
  closedOrders,
  formatAmount,
  formatDateTime,
  isRefund,
  itemName,
  parseOrderIds,
} from './bill-format';
import { ReopenModal } from './ReopenModal';
import classes from './receipt.module.css';
import slip from '../shared/slip.module.css';

/** `/admin/receipt?orderIds=…`: the bill's receipt for an 80 mm printer, printed with the browser. */
export function ReceiptPage() {
  return <RestaurantScreen titleKey="bills.receipt.title" screen={ReceiptScreen} />;
}

function ReceiptScreen({ restaurantId }: RestaurantScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const orderIds = parseOrderIds(search.get('orderIds'));
  const bill = useBill(restaurantId, orderIds);
  const { restaurant } = useRestaurantAccess();
  const navigate = useNavigate();
  const [reopening, setReopening] = useState(false);
  const billPath = `/admin/bill?orderIds=${orderIds.join(',')}&restaurantId=${restaurantId}`;

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
  return (
    <div className={classes.screen}>
      <div className={`${classes.actions} ${slip.noPrint}`}>
        <Button component={Link} to={billPath} variant="default" leftSection={<IconArrowLeft size={18} />}>
          {t('bills.backToBill')}
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {t('bills.receipt.print')}
        </Button>
        {bill.data.status === 'PAID' && mayDo(restaurant?.roles, 'reopen') && (
          <Button variant="light" leftSection={<IconLockOpen size={18} />} onClick={() => setReopening(true)}>
            {t('bills.reopen.open')}
          </Button>
        )}
      </div>
      <Receipt bill={bill.data} />
      {reopening && (
        <ReopenModal
          eateryId={restaurantId}
          billOrderIds={orderIds}
          closedOrderIds={closedOrders(bill.data).map((o) => o.id)}
          onClose={() => setReopening(false)}
          // An open bill is worked on from the bill screen, not printed.
          onDone={() => void navigate(billPath)}
        />
      )}
    </div>
  );
}

/**
 * The receipt itself, in the RESTAURANT's language (not the interface's): its name, tables, orders, items, totals,
 * tips, payments, the date and time in the restaurant's time zone, and "Thank you".
 */
export function Receipt({ bill }: { bill: Bill }) {
  const { i18n } = useTranslation();
  const lang = bill.eatery.language;
  const t = i18n.getFixedT(lang);
  const money = (amount: number) => formatAmount(amount, lang);
  const tables = [...new Set(bill.orders.map((o) => o.tableNumber))];
  const lastPayment = bill.payments.at(-1)?.createdAt;
  const when = bill.paidAt ?? lastPayment ?? new Date().toISOString();
  return (
    <article className={classes.receipt} data-receipt data-print-slip lang={lang} aria-label={t('bills.receipt.title')}>
      <h1 className={classes.name}>{bill.eatery.name}</h1>
      <div className={slip.row}>
        <span>{t(tables.length > 1 ? 'bills.receipt.tables' : 'bills.receipt.table')}</span>
        <span>{tables.join(', ')}</span>
      </div>
      <div className={slip.row}>
        <span>{t(bill.orders.length > 1 ? 'bills.receipt.orders' : 'bills.receipt.order')}</span>
        <span>{bill.orders.map((o) => `#${o.number}`).join(', ')}</span>
      </div>
      <div className={slip.row}>
        <span>{t('bills.receipt.date')}</span>
        <span>{formatDateTime(when, lang, bill.eatery.timeZone)}</span>
      </div>
      <hr className={slip.rule} />
      {bill.items.map((item) => (
        <div key={item.id} className={classes.item} data-testid="receipt-item">
          <div>{itemName(item, lang)}</div>
          {billItemOptions(item, lang) && (
            <div className={classes.itemOptions} data-testid="receipt-item-options">
              {billItemOptions(item, lang)}
            </div>
          )}
          <div className={`${slip.row} ${classes.itemLine}`}>
            <span>
              {item.quantity} × {money(item.price)}
            </span>
            <span>{money(item.total)}</span>
          </div>
        </div>
      ))}
      <hr className={slip.rule} />
      <div className={slip.row}>
        <span>{t('bills.receipt.subtotal')}</span>
        <span>{money(bill.subtotal)}</span>
      </div>
      {toCents(bill.discount) > 0 && (
        <>
          <div className={slip.row}>
            <span>{t('bills.receipt.discount')}</span>
            <span>−{money(bill.discount)}</span>
          </div>
          {bill.discountReason && <div className={classes.muted}>{bill.discountReason}</div>}
        </>
      )}
      <div className={`${slip.row} ${classes.total}`}>
        <span>{t('bills.receipt.total')}</span>
        <span>
          {money(bill.total)} {t('bills.receipt.currency')}
        </span>
      </div>
      {toCents(bill.tips) > 0 && (
        <div className={slip.row}>
          <span>{t('bills.receipt.tips')}</span>
          <span>{money(bill.tips)}</span>
        </div>
      )}
      {bill.payments.length > 0 && <hr className={slip.rule} />}
      {bill.payments.map((p) =>
        isRefund(p) ? (
          <div key={p.id} data-testid="receipt-refund">
            <div className={slip.row}>
              <span>
                {t('bills.receipt.refund')}: {t(`bills.receipt.method.${p.method}`)}
              </span>
              <span>−{money(-p.amount)}</span>
            </div>
            {p.reason && <div className={classes.muted}>{p.reason}</div>}
          </div>
        ) : (
          <div key={p.id} className={slip.row} data-testid="receipt-payment">
            <span>
              {t('bills.receipt.payment')}: {t(`bills.receipt.method.${p.method}`)}
            </span>
            {/* What the guest handed over for this part: its amount and its tip. */}
            <span>{money((toCents(p.amount) + toCents(p.tip)) / 100)}</span>
          </div>
        ),
      )}
      {toCents(bill.refunded) > 0 && (
        <div className={slip.row}>
          <span>{t('bills.receipt.refunded')}</span>
          <span>−{money(bill.refunded)}</span>
        </div>
      )}
      {toCents(bill.due) > 0 && (
        <div className={`${slip.row} ${classes.total}`}>
          <span>{t('bills.receipt.due')}</span>
          <span>{money(bill.due)}</span>
        </div>
      )}
      <hr className={slip.rule} />
      <p className={classes.thanks}>{t('bills.receipt.thanks')}</p>
    </article>
  );
}
