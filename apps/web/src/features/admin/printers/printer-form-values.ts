import {
  printerBody,
  RAW_PRINT_PORT,
  type Language,
  type PaperWidth,
  type Printer,
  type PrinterBody,
  type PrinterTextMode,
  type PrinterTransport,
} from '@qr-menu/contract';
import { zodFormErrors } from '../../../components/form-errors';

/** The printer form's inputs: select-like inputs hold strings, the port input a number or '' while empty. */
export interface PrinterFormValues {
  name: string;
  transport: PrinterTransport;
  host: string;
  port: number | string;
  paper: `${PaperWidth}`;
  textMode: PrinterTextMode;
  language: Language;
  kitchen: boolean;
  /** Station ids as the multi-select holds them; none = every station. */
  departmentIds: string[];
  prebills: boolean;
  receipts: boolean;
  reports: boolean;
  enabled: boolean;
}

/**
 * What the form starts with: the printer's settings, or for a new one a kitchen printer on the network at the raw
 * port, 80 mm paper, printing in the restaurant's language.
 */
export function initialPrinterValues(printer: Printer | null, restaurantLanguage: Language): PrinterFormValues {
  if (!printer) {
    return {
      name: '',
      transport: 'DIRECT',
      host: '',
      port: RAW_PRINT_PORT,
      paper: '80',
      textMode: 'CODEPAGE',
      language: restaurantLanguage,
      kitchen: true,
      departmentIds: [],
      prebills: false,
      receipts: false,
      reports: false,
      enabled: true,
    };
  }
  return {
    name: printer.name,
    transport: printer.transport,
    host: printer.host,
    port: printer.port,
    paper: `${printer.paper}`,
    textMode: printer.textMode,
    language: printer.language,
    kitchen: printer.kitchen,
    departmentIds: printer.departmentIds.map(String),
    prebills: printer.prebills,
    receipts: printer.receipts,
    reports: printer.reports,
    enabled: printer.enabled,
  };
}

/** The request body of the form's values. Stations count only for a printer of kitchen tickets. */
export function printerBodyOf(values: PrinterFormValues): PrinterBody {
  return {
    name: values.name.trim(),
    transport: values.transport,
    host: values.host.trim(),
    // An empty input is no number: the schema then says "enter a port".
    port: values.port === '' ? Number.NaN : Number(values.port),
    paper: Number(values.paper) as PaperWidth,
    textMode: values.textMode,
    language: values.language,
    kitchen: values.kitchen,
    departmentIds: values.kitchen ? values.departmentIds.map(Number) : [],
    prebills: values.prebills,
    receipts: values.receipts,
    reports: values.reports,
    enabled: values.enabled,
  };
}

/** The form's errors by input (`validation.*` keys, translated when shown), checked with the server's own schema. */
export function printerFormErrors(values: PrinterFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(zodFormErrors(printerBody, printerBodyOf(values)))) {
    // `departmentIds.0` belongs to the stations input.
    const field = path.split('.')[0];
    errors[field] ??= message;
  }
  return errors;
}
