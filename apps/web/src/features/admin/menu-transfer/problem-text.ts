import { useTranslation } from 'react-i18next';
import type { MenuImportError } from '@qr-menu/contract';

/**
 * A problem of the import in the admin's language, naming its column as the file writes it and as the admin reads
 * it: "Price (price): Please enter a valid price". Keys are the import's own (`menuTransfer.errors.*`) or the dish
 * form's (`validation.*`).
 */
export function useProblemText() {
  const { t } = useTranslation();
  return (problem: MenuImportError): string => {
    const message = t(problem.key, problem.params ?? {});
    if (!problem.column) return message;
    return `${t(`menuTransfer.columns.${problem.column}`)} (${problem.column}): ${message}`;
  };
}
