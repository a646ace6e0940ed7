import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageChange, imageErrorKey, type ImageValue } from './ImagePicker';

/**
 * The image field of the category and dish forms around their ImagePicker: the form waits while a picked
 * file is being converted, and the server's image refusals show under the picker instead of in a banner.
 */
export function useImageField(savedUrl: string | null) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    /** True while a picked file is being converted: saving waits. */
    busy,
    /** The ImagePicker's props for the form's image value. */
    pickerProps: (value: ImageValue, setValue: (value: ImageValue) => void) => ({
      value,
      onChange: (next: ImageValue) => {
        setError(null);
        setValue(next);
      },
      error: error ?? undefined,
      onBusyChange: setBusy,
    }),
    /** The image part of a save (a new file, or the removal of the saved one); clears the last refusal. */
    toSave: (value: ImageValue) => {
      setError(null);
      return imageChange(savedUrl, value);
    },
    /** After a failed save: an image refusal goes under the picker. */
    showSaveError: (err: unknown) => {
      const key = imageErrorKey(err);
      if (key) setError(t(`errors.${key}`));
    },
    /** The error for the form's banner: anything but an image refusal. */
    bannerError: (err: Error | null) => (err && !imageErrorKey(err) ? err : null),
  };
}
