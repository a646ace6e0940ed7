import { PAPER_COLUMNS, type PaperWidth, type PrintDocument } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { layoutDocument } from './print-layout';
import './translations';
import classes from './print-document.module.css';

/**
 * A print document drawn as it will print: on a white strip of `paper`, in monospace, exactly PAPER_COLUMNS[paper]
 * characters of normal text wide; double-size rows in twice the font with half the columns; bold, inverted and
 * centred rows as the printer does them. The rows come from the contract's own layout helpers, so what is seen here
 * is what the printer gets.
 */
export function PrintDocumentView({
  document,
  paper,
  label,
}: {
  document: PrintDocument;
  paper: PaperWidth;
  /** What the region is called for screen readers; defaults to "Print preview, 80 mm". */
  label?: string;
}) {
  const { t } = useTranslation();
  const rows = layoutDocument(document, paper);
  const columns = PAPER_COLUMNS[paper];
  return (
    // Focusable: on a narrow screen the strip may scroll sideways, and keyboards must reach it too.
    <div className={classes.frame} role="region" aria-label={label ?? t('printPreview.label', { paper })} tabIndex={0}>
      <div
        className={classes.paper}
        style={{ '--columns': columns } as React.CSSProperties}
        data-testid="print-paper"
        data-columns={columns}
      >
        {rows.map((row, i) => (
          <span
            key={i}
            data-testid="print-row"
            data-size={row.size}
            className={[
              classes.row,
              row.size === 2 && classes.double,
              row.bold && classes.bold,
              row.invert && classes.invert,
            ]
              .filter(Boolean)
              .join(' ')}
          >
            {row.text}
          </span>
        ))}
      </div>
    </div>
  );
}
