import {
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  LANGUAGES,
  LIMITS,
  PAPER_WIDTHS,
  PRINTER_NAME_MAX,
  PRINTER_TEXT_MODES,
  PRINTER_TRANSPORTS,
  type Language,
  type Printer,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { useDepartments } from '../shared/departments-api';
import { FormActions } from '../shared/FormActions';
import { useSaveAndClose } from '../shared/use-save-and-close';
import { initialPrinterValues, printerBodyOf, printerFormErrors, type PrinterFormValues } from './printer-form-values';
import { useSavePrinter } from './printers-api';

/**
 * Add or change a printer: its name, how the server reaches it (its network address directly, or through the print
 * agent), paper, text mode, the language of its tickets, and what it prints. The server's field messages show under
 * the inputs. Full screen on phones: the form is long.
 */
export function PrinterForm({
  eateryId,
  printer,
  restaurantLanguage,
  onClose,
}: {
  eateryId: number;
  printer: Printer | null;
  restaurantLanguage: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx - 1}px)`);
  const save = useSavePrinter(eateryId);
  const stations = useDepartments(eateryId);
  const form = useForm<PrinterFormValues>({
    initialValues: initialPrinterValues(printer, restaurantLanguage),
    validateInputOnBlur: true,
    validate: printerFormErrors,
  });
  const err = (path: keyof PrinterFormValues) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const saveAndClose = useSaveAndClose(save, { form, onClose });
  const onSubmit = form.onSubmit((values) =>
    saveAndClose({ id: printer?.id, body: printerBodyOf(values) }, printer ? 'printers.updated' : 'printers.created'),
  );
  const values = form.values;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(printer ? 'printers.editTitle' : 'printers.addTitle')}
      size="lg"
      fullScreen={!!isPhone}
    >
      <form onSubmit={onSubmit} noValidate autoComplete="off">
        <Stack gap="sm">
          <ErrorBanner error={save.error} onClose={() => save.reset()} />
          <TextInput
            label={t('printers.name')}
            placeholder={t('printers.namePlaceholder')}
            required
            maxLength={PRINTER_NAME_MAX}
            data-autofocus
            {...form.getInputProps('name')}
            error={err('name')}
          />
          <Radio.Group label={t('printers.transport')} {...form.getInputProps('transport')} error={err('transport')}>
            <Stack gap="xs" mt={4}>
              {PRINTER_TRANSPORTS.map((tr) => (
                <Radio
                  key={tr}
                  value={tr}
                  label={t(`printers.transports.${tr}`)}
                  description={t(`printers.transportHints.${tr}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 200px' }}
              label={t('printers.host')}
              placeholder="192.168.1.50"
              required
              inputMode="url"
              spellCheck={false}
              {...form.getInputProps('host')}
              error={err('host')}
            />
            <NumberInput
              w={130}
              label={t('printers.port')}
              required
              min={1}
              max={65535}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              {...form.getInputProps('port')}
              error={err('port')}
            />
          </Group>
          <Radio.Group label={t('printers.paper')} {...form.getInputProps('paper')} error={err('paper')}>
            <Group gap="lg" mt={4}>
              {PAPER_WIDTHS.map((w) => (
                <Radio key={w} value={String(w)} label={t('printers.paperMm', { mm: w })} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('printers.textMode')}
            description={t('printers.textModeHint')}
            {...form.getInputProps('textMode')}
            error={err('textMode')}
          >
            <Group gap="lg" mt={4}>
              {PRINTER_TEXT_MODES.map((m) => (
                <Radio key={m} value={m} label={t(`printers.textModes.${m}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Select
            label={t('printers.language')}
            description={t('printers.languageHint')}
            data={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
            error={err('language')}
          />
          <Fieldset legend={t('printers.prints')} variant="filled">
            <Stack gap="sm">
              <Switch label={t('printers.kitchen')} {...form.getInputProps('kitchen', { type: 'checkbox' })} />
              {values.kitchen && (
                <MultiSelect
                  label={t('printers.stations')}
                  description={t('printers.stationsHint')}
                  placeholder={values.departmentIds.length ? undefined : t('printers.allStations')}
                  data={(stations.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
                  searchable
                  clearable
                  {...form.getInputProps('departmentIds')}
                  error={err('departmentIds')}
                />
              )}
              <Switch label={t('printers.prebills')} {...form.getInputProps('prebills', { type: 'checkbox' })} />
              <Switch label={t('printers.receipts')} {...form.getInputProps('receipts', { type: 'checkbox' })} />
              <Switch label={t('printers.reports')} {...form.getInputProps('reports', { type: 'checkbox' })} />
            </Stack>
          </Fieldset>
          <Switch
            label={t('printers.enabled')}
            description={t('printers.enabledHint')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} saving={save.isPending} sticky />
        </Stack>
      </form>
    </Modal>
  );
}
