import { toCents, type DayReport, type PaymentMethod } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { formatDayDate, formatZonedDateTime } from '../shared/date-format';
import { differenceSign, formatAmount, formatSignedAmount } from '../shared/money-format';
import classes from './day-report.module.css';
import slip from '../shared/slip.module.css';

export type PaperSize = '80mm' | 'a4';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Drawer = DayReport['drawers'][number];

/** The line under a method that says what its drawer, terminal or other till holds. */
const HELD_KEY: Record<PaymentMethod, string> = {
  CASH: 'reports.sheet.inDrawer',
  CARD: 'reports.sheet.onTerminal',
  OTHER: 'reports.sheet.collected',
};

/**
 * The X or Z report of one business day, in the RESTAURANT's language (not the interface's) and on its clock, grouped
 * as a Z report is read: who and which day, the sales with service charge and the VAT they include, orders by origin,
 * payments by method, tips, the corrections (discounts, voids, refunds), orders cancelled and still open, and each cash
 * drawer's expected, counted and over/short.
 *
 * Each method reads top to bottom as a sum a cashier can check: what its payments took (before refunds), − refunds,
 * + tips charged on top, = what the drawer / terminal holds (amount + tips). Tips are never folded into another line.
 */
export function DayReportSheet({ report, paper }: { report: DayReport; paper: PaperSize }) {
  const { i18n } = useTranslation();
  const lang = report.eatery.language;
  const t: Translate = i18n.getFixedT(lang);
  const money = (amount: number) => formatAmount(amount, lang);
  const when = (iso: string) => formatZonedDateTime(iso, lang, report.eatery.timeZone);
  const { sales } = report;
  const title = report.z ? t('reports.sheet.zTitle', { number: report.z.number }) : t('reports.sheet.xTitle');
  return (
    <article
      className={`${classes.sheet} ${paper === 'a4' ? classes.a4 : classes.roll}`}
      data-z-report
      data-print-slip
      data-paper={paper}
      data-kind={report.z ? 'Z' : 'X'}
      lang={lang}
      aria-label={title}
    >
      <h1 className={classes.name}>{report.eatery.name}</h1>
      {report.eatery.address && <p className={classes.center}>{report.eatery.address}</p>}
      {report.eatery.phones.length > 0 && <p className={classes.center}>{report.eatery.phones.join(', ')}</p>}
      {report.eatery.taxId && (
        <p className={classes.center} data-testid="day-tax-id">
          {t('reports.sheet.taxId')}: {report.eatery.taxId}
        </p>
      )}
      <p className={classes.heading} data-testid="day-kind">
        {title}
      </p>
      {!report.z && <p className={`${classes.center} ${classes.muted}`}>{t('reports.sheet.xNote')}</p>}
      <Row label={t('reports.sheet.day')} value={formatDayDate(report.day, lang)} testId="day-day" />
      <Row label={t('reports.sheet.period')} value={`${when(report.from)} – ${when(report.to)}`} wrap />
      {report.z ? (
        <>
          <Row label={t('reports.sheet.closedAt')} value={when(report.z.closedAt)} testId="day-closed-at" />
          <Row label={t('reports.sheet.closedBy')} value={report.z.closedBy} />
        </>
      ) : (
        <Row label={t('reports.sheet.generatedAt')} value={when(report.generatedAt)} testId="day-generated-at" />
      )}
      {report.reopened.map((r) => (
        <p key={`${r.number}-${r.at}`} className={classes.muted} data-testid="day-reopened">
          {t('reports.sheet.reopenedLine', { number: r.number, at: when(r.at), by: r.by, reason: r.reason })}
        </p>
      ))}

      <hr className={slip.rule} />
      <section data-testid="day-sales">
        <p className={classes.section}>{t('reports.sheet.sales')}</p>
        <Row label={t('reports.sheet.orders')} value={String(sales.orders)} testId="day-orders" />
        <Row label={t('reports.sheet.items')} value={money(sales.items)} testId="day-items" />
        <Row label={t('reports.sheet.discounts')} value={minus(sales.discounts, money)} testId="day-discounts" />
        <Row label={t('reports.sheet.serviceCharge')} value={plus(sales.serviceCharge, money)} testId="day-service" />
        <Row
          label={t('reports.sheet.gross')}
          value={`${money(sales.gross)} ${report.eatery.currency}`}
          testId="day-gross"
          strong
        />
        {report.eatery.vatPayer ? (
          <>
            <Row
              label={t('reports.sheet.vat', { rate: formatRate(sales.vatRatePercent, lang) })}
              value={money(sales.vat)}
              testId="day-vat"
            />
            <Row label={t('reports.sheet.net')} value={money(sales.net)} testId="day-net" />
          </>
        ) : (
          <p className={classes.muted}>{t('reports.sheet.notVatPayer')}</p>
        )}
      </section>

      <hr className={slip.rule} />
      <section data-testid="day-origin">
        <p className={classes.section}>{t('reports.sheet.origin')}</p>
        <Row
          label={t('reports.sheet.guest', { n: report.byOrigin.guest.count })}
          value={money(report.byOrigin.guest.amount)}
          testId="day-origin-guest"
        />
        <Row
          label={t('reports.sheet.staff', { n: report.byOrigin.staff.count })}
          value={money(report.byOrigin.staff.amount)}
          testId="day-origin-staff"
        />
      </section>

      <hr className={slip.rule} />
      <section data-testid="day-methods">
        <p className={classes.section}>{t('reports.sheet.byMethod')}</p>
        {report.byMethod.length === 0 && <p className={classes.muted}>{t('reports.sheet.noPayments')}</p>}
        {report.byMethod.map((m) => {
          const refunds = toCents(m.refunds);
          const tips = toCents(m.tips);
          return (
            <div key={m.method} data-testid="day-method" data-method={m.method} className={classes.block}>
              <Row
                label={`${t(`reports.method.${m.method}`)} (${m.count})`}
                value={money((toCents(m.amount) + refunds) / 100)}
              />
              {refunds > 0 && <Row label={t('reports.sheet.refunds')} value={`−${money(refunds / 100)}`} indent />}
              {tips > 0 && <Row label={t('reports.sheet.tipsOnTop')} value={`+${money(tips / 100)}`} indent />}
              <Row label={t(HELD_KEY[m.method])} value={money((toCents(m.amount) + tips) / 100)} indent strong />
            </div>
          );
        })}
        <Row label={t('reports.sheet.paymentsTotal')} value={money(report.payments)} testId="day-payments" strong />
        <Row label={t('reports.sheet.tipsTotal')} value={money(report.tips)} testId="day-tips" />
      </section>

      <hr className={slip.rule} />
      <section data-testid="day-corrections">
        <p className={classes.section}>{t('reports.sheet.corrections')}</p>
        <Row
          label={t('reports.sheet.discountsCount', { n: report.discounts.count })}
          value={minus(report.discounts.amount, money)}
          testId="day-discounts-count"
        />
        <Row
          label={t('reports.sheet.voids', { n: report.voids.count })}
          value={money(report.voids.amount)}
          testId="day-voids"
        />
        <Row
          label={t('reports.sheet.refundsCount', { n: report.refunds.count })}
          value={minus(report.refunds.amount, money)}
          testId="day-refunds"
        />
      </section>

      <hr className={slip.rule} />
      <section data-testid="day-orders-state">
        <p className={classes.section}>{t('reports.sheet.ordersState')}</p>
        <Row label={t('reports.sheet.cancelledOrders')} value={String(report.cancelledOrders)} testId="day-cancelled" />
        <Row
          label={t('reports.sheet.openOrders', { n: report.openOrders.count })}
          value={money(report.openOrders.amount)}
          testId="day-open"
          strong={report.openOrders.count > 0}
        />
        {report.openOrders.count > 0 && <p className={classes.warning}>{t('reports.sheet.openWarning')}</p>}
      </section>

      <hr className={slip.rule} />
      <section data-testid="day-drawers">
        <p className={classes.section}>{t('reports.sheet.drawers')}</p>
        {report.drawers.length === 0 ? (
          <p className={classes.muted}>{t('reports.sheet.noDrawers')}</p>
        ) : paper === 'a4' ? (
          <DrawersTable report={report} t={t} lang={lang} />
        ) : (
          report.drawers.map((d) => <DrawerBlock key={d.id} drawer={d} t={t} lang={lang} />)
        )}
        <div className={classes.block}>
          <Row label={t('reports.sheet.cashExpected')} value={money(report.cash.expected)} testId="day-cash-expected" />
          <Row
            label={t('reports.sheet.cashCounted')}
            value={report.cash.counted === null ? '—' : money(report.cash.counted)}
            testId="day-cash-counted"
          />
          <Row
            label={t('reports.sheet.cashDifference')}
            value={<Signed amount={report.cash.difference} lang={lang} />}
            testId="day-cash-difference"
            strong
          />
        </div>
      </section>

      <div className={classes.signature}>
        <span>{t('reports.sheet.signature')}</span>
        <span className={classes.line} />
      </div>
    </article>
  );
}

/** A deduction: "−5.00", or "0.00" when there is none. */
const minus = (amount: number, money: (a: number) => string) => (toCents(amount) > 0 ? `−${money(amount)}` : money(0));
/** An addition: "+5.00", or "0.00" when there is none. */
const plus = (amount: number, money: (a: number) => string) => (toCents(amount) > 0 ? `+${money(amount)}` : money(0));

/** A rate as the language writes it: 18 → "18", 12.5 → "12,5" in az and ru. */
const formatRate = (rate: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(rate);

/** An over/short with its sign, green or red on screen; "—" while not counted. */
function Signed({ amount, lang }: { amount: number | null; lang: string }) {
  if (amount === null) return <>—</>;
  const sign = differenceSign(amount);
  return (
    <span className={sign === 'even' ? undefined : classes[sign]} data-sign={sign}>
      {formatSignedAmount(amount, lang)}
    </span>
  );
}

/** One drawer on the roll: a block of lines, too many columns for 72 mm. */
function DrawerBlock({ drawer: d, t, lang }: { drawer: Drawer; t: Translate; lang: string }) {
  const money = (amount: number) => formatAmount(amount, lang);
  return (
    <div className={classes.block} data-testid="day-drawer">
      <Row label={d.userName} value={d.closedAt ? '' : t('reports.sheet.stillOpen')} strong />
      <Row label={t('reports.sheet.float')} value={money(d.openingFloat)} indent />
      <Row label={t('reports.sheet.cashSales')} value={`+${money(d.cashSales)}`} indent />
      <Row label={t('reports.sheet.tips')} value={`+${money(d.cashTips)}`} indent />
      <Row label={t('reports.sheet.payIns')} value={`+${money(d.payIns)}`} indent />
      <Row label={t('reports.sheet.payOuts')} value={minus(d.payOuts, money)} indent />
      <Row label={t('reports.sheet.expected')} value={money(d.expected)} indent strong />
      <Row label={t('reports.sheet.counted')} value={d.counted === null ? '—' : money(d.counted)} indent />
      <Row
        label={t('reports.sheet.difference')}
        value={<Signed amount={d.difference} lang={lang} />}
        testId="day-drawer-difference"
        indent
        strong
      />
    </div>
  );
}

/** The drawers on A4: one row each, and the column sums (in cents) under them. */
function DrawersTable({ report, t, lang }: { report: DayReport; t: Translate; lang: string }) {
  const money = (amount: number) => formatAmount(amount, lang);
  const sum = (pick: (d: Drawer) => number) => report.drawers.reduce((s, d) => s + toCents(pick(d)), 0) / 100;
  return (
    <table className={classes.table} data-testid="day-drawers-table">
      <thead>
        <tr>
          <th>{t('reports.sheet.cashier')}</th>
          <th>{t('reports.sheet.float')}</th>
          <th>{t('reports.sheet.cashSales')}</th>
          <th>{t('reports.sheet.tips')}</th>
          <th>{t('reports.sheet.payIns')}</th>
          <th>{t('reports.sheet.payOuts')}</th>
          <th>{t('reports.sheet.expected')}</th>
          <th>{t('reports.sheet.counted')}</th>
          <th>{t('reports.sheet.difference')}</th>
        </tr>
      </thead>
      <tbody>
        {report.drawers.map((d) => (
          <tr key={d.id} data-testid="day-drawer">
            <td>
              {d.userName}
              {!d.closedAt && ` (${t('reports.sheet.stillOpen')})`}
            </td>
            <td>{money(d.openingFloat)}</td>
            <td>{money(d.cashSales)}</td>
            <td>{money(d.cashTips)}</td>
            <td>{money(d.payIns)}</td>
            <td>{money(d.payOuts)}</td>
            <td>{money(d.expected)}</td>
            <td>{d.counted === null ? '—' : money(d.counted)}</td>
            <td data-testid="day-drawer-difference">
              <Signed amount={d.difference} lang={lang} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid="day-drawers-totals">
          <td>{t('reports.sheet.totals')}</td>
          <td>{money(sum((d) => d.openingFloat))}</td>
          <td>{money(sum((d) => d.cashSales))}</td>
          <td>{money(sum((d) => d.cashTips))}</td>
          <td>{money(sum((d) => d.payIns))}</td>
          <td>{money(sum((d) => d.payOuts))}</td>
          <td>{money(report.cash.expected)}</td>
          <td>{report.cash.counted === null ? '—' : money(report.cash.counted)}</td>
          <td>
            <Signed amount={report.cash.difference} lang={lang} />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function Row({
  label,
  value,
  testId,
  strong = false,
  indent = false,
  wrap = false,
}: {
  label: string;
  value: React.ReactNode;
  testId?: string;
  strong?: boolean;
  indent?: boolean;
  /** The value may go under the label when the two do not fit on one line. */
  wrap?: boolean;
}) {
  const kinds = [slip.row, strong && classes.strong, indent && classes.indent, wrap && slip.rowWrap].filter(Boolean);
  return (
    <div className={kinds.join(' ')} data-testid={testId}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}
