import { ITEM_STATUS_LABELS, ORDER_STATUS_LABELS, type Language } from '@qr-menu/contract';
import { registerTranslations } from '../../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

/** The status names come from the contract (the server's CSV files use the same ones). */
const withStatusLabels = (lng: Language, texts: typeof en) => ({
  ...texts,
  orders: { ...texts.orders, status: ORDER_STATUS_LABELS[lng], itemStatus: ITEM_STATUS_LABELS[lng] },
});

registerTranslations({
  az: withStatusLabels('az', az),
  en: withStatusLabels('en', en),
  ru: withStatusLabels('ru', ru),
});

export { OrdersPage } from './OrdersPage';
