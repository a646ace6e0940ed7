import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaperWidth, PrintDocument } from '@qr-menu/contract';
import { renderAdmin } from '../test-utils';
import { PrintDocumentView } from './PrintDocumentView';

const rows = () =>
  screen.getAllByTestId('print-row').map((r) => ({ text: r.textContent ?? '', size: r.getAttribute('data-size') }));

const draw = (document: PrintDocument, paper: PaperWidth) =>
  renderAdmin(<PrintDocumentView document={document} paper={paper} />);

describe('PrintDocumentView', () => {
  it.each([
    [80, 48],
    [58, 32],
  ] as const)(
    'lays a pair out on exactly the columns of %i mm paper, the right text at the edge',
    async (paper, cols) => {
      await draw({ lines: [{ kind: 'pair', left: '2 x Plov', right: '12.00' }] }, paper);
      const [row] = rows();
      expect(row.text).toHaveLength(cols);
      expect(row.text.startsWith('2 x Plov ')).toBe(true);
      expect(row.text.endsWith(' 12.00')).toBe(true);
      expect(screen.getByTestId('print-paper').getAttribute('data-columns')).toBe(String(cols));
    },
  );

  it('cuts the left text of a pair that does not fit, keeping the right text whole', async () => {
    const left = 'Very long dish name with many options on 58 mm';
    await draw({ lines: [{ kind: 'pair', left, right: '120.00' }] }, 58);
    expect(rows()[0].text).toBe(`${left.slice(0, 25)} 120.00`);
  });

  it('wraps double-size text at half the columns, and keeps each row at that width', async () => {
    await draw({ lines: [{ kind: 'text', text: 'ADD-ON Table 12 number 345 Grill', size: 2, bold: true }] }, 80);
    // 24 columns at double size: "ADD-ON Table 12 number" (22) then "345 Grill".
    expect(rows()).toEqual([
      { text: 'ADD-ON Table 12 number  ', size: '2' },
      { text: '345 Grill               ', size: '2' },
    ]);
  });

  it('centres and right-aligns text, and draws a rule as dashes across the paper', async () => {
    await draw(
      {
        lines: [
          { kind: 'text', text: 'Şirvan', align: 'center' },
          { kind: 'rule' },
          { kind: 'text', text: 'Sağ olun', align: 'right', invert: true },
          { kind: 'feed' },
        ],
      },
      58,
    );
    const [title, rule, thanks, feed] = rows();
    expect(title.text).toBe(`${' '.repeat(13)}Şirvan${' '.repeat(13)}`);
    expect(rule.text).toBe('-'.repeat(32));
    expect(thanks.text).toBe(`${' '.repeat(24)}Sağ olun`);
    expect(feed.text).toBe(' '.repeat(32));
  });

  it('names the paper for screen readers', async () => {
    await draw({ lines: [{ kind: 'rule' }] }, 80);
    expect(screen.getByRole('region', { name: 'Print preview, 80 mm paper' })).toBeTruthy();
  });
});
