import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Labels of the guest pages break only between words ("Hazırlanı / r", "Готовит / ся" were the status steps on a
 * phone): no rule of a label may allow a break inside a word, and the restaurant's name takes two lines rather than
 * an ellipsis. Read from the stylesheets, since the test DOM lays nothing out.
 */
const files = ['guest.module.css', 'ui/ui.module.css', 'components/sheet.module.css'].map((f) =>
  readFileSync(join(__dirname, f), 'utf8'),
);

/** Every rule as [selector, declarations], media queries' rules included. */
const rules = files.flatMap((css) =>
  [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(
    ([, selector, body]) => [selector.trim(), body] as const,
  ),
);
const rulesOf = (cls: string) => rules.filter(([selector]) => new RegExp(`\\.${cls}\\b`).test(selector));

const LABELS = [
  'step',
  'steps',
  'badge',
  'dishTag',
  'dishTags',
  'tagToggle',
  'eateryName',
  'tab',
  'clearFilters',
  'button',
];

describe('guest labels', () => {
  it.each(LABELS)('.%s never breaks inside a word', (cls) => {
    expect(rulesOf(cls).length, cls).toBeGreaterThan(0);
    for (const [selector, body] of rulesOf(cls)) {
      expect(body, selector).not.toMatch(/word-break:\s*break-(all|word)/);
      expect(body, selector).not.toMatch(/overflow-wrap:\s*anywhere/);
      expect(body, selector).not.toMatch(/hyphens:\s*auto/);
      expect(body, selector).not.toMatch(/line-break:\s*anywhere/);
    }
  });

  it('the status steps reset what they could inherit, and their columns are as wide as their longest word', () => {
    const step = rulesOf('step').find(([selector]) => selector === '.step')![1];
    expect(step).toMatch(/overflow-wrap:\s*normal/);
    expect(step).toMatch(/hyphens:\s*manual/);
    const steps = rulesOf('steps').find(([selector]) => selector === '.steps')![1];
    expect(steps).toMatch(/minmax\(min-content,\s*1fr\)/);
  });

  it('the restaurant’s name wraps to two lines instead of an ellipsis after one', () => {
    const name = rulesOf('eateryName')
      .map(([, body]) => body)
      .join('\n');
    expect(name).toMatch(/-webkit-line-clamp:\s*2/);
    expect(name).not.toMatch(/white-space:\s*nowrap/);
    expect(name).not.toMatch(/text-overflow:\s*ellipsis/);
  });
});
