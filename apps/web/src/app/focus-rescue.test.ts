import { afterEach, describe, expect, it } from 'vitest';
import { startFocusRescue } from './focus-rescue';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('focus rescue', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('a closed dialog hands the focus back to the button that opened it', async () => {
    document.body.innerHTML = `<main><h1>Menu</h1><button id="open">Add dish</button></main>
      <div role="dialog"><button id="save">Save</button></div>`;
    stop = startFocusRescue();
    document.getElementById('open')!.focus();
    document.getElementById('save')!.focus();
    document.querySelector('[role="dialog"]')!.remove();
    await settle();
    expect(document.activeElement?.id).toBe('open');
  });

  it('a removed button gives the focus to the main heading', async () => {
    document.body.innerHTML = `<main><h2>Dishes</h2><div id="list"><button id="soups">Soups</button></div></main>`;
    stop = startFocusRescue();
    document.getElementById('soups')!.focus();
    document.getElementById('list')!.innerHTML = '<p>No dishes yet</p>';
    await settle();
    expect(document.activeElement?.tagName).toBe('H2');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves a focus that moved to <body> on purpose alone', async () => {
    document.body.innerHTML = `<main><h1>Menu</h1><button id="b">B</button><p id="p">text</p></main>`;
    stop = startFocusRescue();
    const button = document.getElementById('b')!;
    button.focus();
    button.blur();
    document.getElementById('p')!.textContent = 'changed';
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
