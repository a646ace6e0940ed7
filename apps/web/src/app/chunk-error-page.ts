import { savedLanguage } from '../i18n/saved-language';
import classes from './boot.module.css';

const strings = {
  az: () => import('../i18n/az.json'),
  en: () => import('../i18n/en.json'),
  ru: () => import('../i18n/ru.json'),
};

/**
 * The page when the app's own chunk is still missing after the automatic reload (main.tsx): app/RouteError's
 * "a new version" message with a reload button, drawn without React (React may be what failed to load). Falls back to
 * English when the strings cannot load either.
 */
export async function showChunkError(): Promise<void> {
  let text = { title: 'A new version is available', text: 'Reload the page to continue.', reload: 'Reload the page' };
  try {
    text = (await strings[savedLanguage()]()).default.chunkError;
  } catch {
    // Keep English.
  }
  const page = document.createElement('div');
  page.className = classes.page;
  const box = page.appendChild(document.createElement('div'));
  box.className = classes.box;
  box.setAttribute('role', 'alert');
  const title = box.appendChild(document.createElement('h1'));
  title.className = classes.title;
  title.tabIndex = -1;
  title.textContent = text.title;
  const p = box.appendChild(document.createElement('p'));
  p.className = classes.text;
  p.textContent = text.text;
  const button = box.appendChild(document.createElement('button'));
  button.type = 'button';
  button.className = classes.button;
  button.textContent = text.reload;
  button.addEventListener('click', () => window.location.reload());
  document.getElementById('root')!.replaceChildren(page);
  title.focus();
}
