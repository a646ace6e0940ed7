import { forwardRef, useId, type CSSProperties, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { IconAlertCircle, IconX } from '@tabler/icons-react';
import classes from './ui.module.css';

/** A grey placeholder while something loads. */
export function Skeleton({
  height,
  width,
  radius,
  circle,
}: {
  height: number;
  width?: number | string;
  radius?: number;
  circle?: boolean;
}) {
  const style: CSSProperties = {
    height,
    width: circle ? height : (width ?? '100%'),
    borderRadius: circle ? '50%' : radius,
  };
  return <span className={classes.skeleton} style={style} />;
}

export type BadgeColor = 'orange' | 'yellow' | 'green' | 'teal' | 'gray' | 'red';

export function Badge({
  color,
  children,
  ...rest
}: {
  color: BadgeColor;
  children: ReactNode;
  'data-status'?: string;
}) {
  return (
    <span className={classes.badge} data-color={color} {...rest}>
      {children}
    </span>
  );
}

/** A red message box with a title; `onClose` adds a close button named `closeLabel`. */
export function Alert({
  title,
  children,
  icon = <IconAlertCircle size={22} />,
  onClose,
  closeLabel,
  role = 'alert',
  className,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  onClose?: () => void;
  closeLabel?: string;
  role?: 'alert' | 'status';
  className?: string;
}) {
  return (
    <div className={[classes.alert, className].filter(Boolean).join(' ')} role={role}>
      <span className={classes.alertIcon} aria-hidden>
        {icon}
      </span>
      <div className={classes.alertBody}>
        <div className={classes.alertTitle}>{title}</div>
        {children}
      </div>
      {onClose && (
        <button
          type="button"
          className={`${classes.button} ${classes.icon} ${classes.subtle} ${classes.plain} ${classes.alertClose}`}
          aria-label={closeLabel}
          onClick={onClose}
        >
          <IconX size={18} />
        </button>
      )}
    </div>
  );
}

/** Text for screen readers only; `as="h1"` for a heading a sighted guest does not need. */
export const VisuallyHidden = forwardRef<
  HTMLElement,
  { children?: ReactNode; as?: 'span' | 'h1' } & HTMLAttributes<HTMLElement> & { 'data-testid'?: string }
>(function VisuallyHidden({ children, as: Tag = 'span', ...rest }, ref) {
  return (
    <Tag ref={ref as Ref<HTMLHeadingElement>} className={classes.visuallyHidden} {...rest}>
      {children}
    </Tag>
  );
});

/** A labelled text input or textarea (16 px text: phones do not zoom). `label` may be visible or only read out. */
export function TextField({
  label,
  visibleLabel = false,
  multiline = false,
  value,
  onChange,
  placeholder,
  maxLength,
  inputRef,
}: {
  label: string;
  visibleLabel?: boolean;
  multiline?: boolean;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}) {
  const id = useId();
  const common = {
    id,
    ref: inputRef,
    className: classes.input,
    value,
    placeholder,
    maxLength,
    'aria-label': visibleLabel ? undefined : label,
  };
  return (
    <div className={classes.field}>
      {visibleLabel && (
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
      )}
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </div>
  );
}

export { classes as ui };
