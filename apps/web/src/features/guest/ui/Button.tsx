import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from '../lib/router';
import classes from './ui.module.css';

export type ButtonVariant = 'filled' | 'outline' | 'light' | 'white' | 'subtle';

interface Look {
  variant?: ButtonVariant;
  size?: 'md' | 'lg' | 'xl';
  fullWidth?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
}

const lookProps = ({ variant = 'filled', size = 'md', fullWidth }: Look, className?: string) => ({
  className: [classes.button, classes[variant], className].filter(Boolean).join(' '),
  'data-size': size,
  'data-full': fullWidth || undefined,
});

/**
 * A pill button (Mantine's look, without Mantine). `loading` shows a spinner and ignores clicks while keeping the
 * focus (aria-disabled, not disabled: a disabled button drops the keyboard focus to <body>).
 */
export const Button = forwardRef<
  HTMLButtonElement,
  Look & ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean }
>(function Button(
  { variant, size, fullWidth, leftSection, rightSection, loading, className, children, onClick, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      {...rest}
      {...lookProps({ variant, size, fullWidth }, className)}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? <span className={classes.spinner} aria-hidden /> : leftSection}
      {children}
      {!loading && rightSection}
    </button>
  );
});

/** A link drawn as a button (a real link: it can be opened in a new tab, and works before the script runs). */
export function ButtonLink({ to, children, ...look }: Look & { to: string; children: ReactNode }) {
  return (
    <Link to={to} {...lookProps(look)}>
      {look.leftSection}
      {children}
      {look.rightSection}
    </Link>
  );
}

/** A round 44 px (or 48 px) button with only an icon; `label` is its accessible name. */
export const IconButton = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & {
    label: string;
    variant?: 'filled' | 'subtle' | 'plain' | 'gray';
    size?: 'md' | 'lg';
  }
>(function IconButton({ label, variant = 'subtle', size = 'md', className, ...rest }, ref) {
  const look = variant === 'plain' || variant === 'gray' ? `${classes.subtle} ${classes[variant]}` : classes[variant];
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      {...rest}
      className={[classes.button, classes.icon, look, className].filter(Boolean).join(' ')}
      data-size={size}
    />
  );
});
