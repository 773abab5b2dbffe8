import type { ComponentProps } from 'react';
import { cn } from '@/lib/platform/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-white shadow-sm hover:bg-accent-strong active:bg-accent-strong',
  secondary:
    'border-2 border-accent bg-white text-accent-strong hover:bg-emerald-50 active:bg-emerald-100',
  ghost: 'text-accent-strong hover:bg-emerald-100 active:bg-emerald-200',
  /** Deleting: only where something is deleted for good. */
  danger: 'bg-danger text-white shadow-sm hover:bg-red-900 active:bg-red-900',
};

export function buttonClasses(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(base, variants[variant], className);
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}
