import { forwardRef, type ReactNode } from 'react';
import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';

interface BarButtonProps {
  icon: ReactNode;
  label: string;
  /** Icon only (the slim full-screen bar); the label stays its accessible name and its tooltip. */
  compact: boolean;
  onClick?: () => void;
  /** A toggle (sound, theme): whether it is on. */
  pressed?: boolean;
  className?: string;
}

/**
 * A kitchen display bar button, 52 px high for wet fingers: icon and words (the icon alone on phones), or the icon
 * alone in the slim full-screen bar. Forwards its ref, so it can open a menu or a popover.
 */
export const BarButton = forwardRef<HTMLButtonElement, BarButtonProps>(function BarButton(
  { icon, label, compact, onClick, pressed, className, ...rest },
  ref,
) {
  if (compact) {
    return (
      <Tooltip label={label}>
        <ActionIcon
          ref={ref}
          size={52}
          variant="default"
          aria-label={label}
          aria-pressed={pressed}
          onClick={onClick}
          className={className}
          {...rest}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      ref={ref}
      size="lg"
      px="sm"
      variant="default"
      leftSection={icon}
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={className}
      styles={{ section: { marginInlineEnd: 0 } }}
      {...rest}
    >
      <Text span visibleFrom="sm" inherit ml={8}>
        {label}
      </Text>
    </Button>
  );
});
