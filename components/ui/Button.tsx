import type { ButtonHTMLAttributes } from "react";
import { SpinnerIcon } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "md" | "lg";

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white hover:bg-brand-strong",
  secondary: "border border-line-strong bg-surface text-ink hover:bg-canvas",
  ghost: "text-brand hover:bg-brand-soft",
  danger: "bg-danger text-white hover:bg-danger-strong",
};

// 44px minimum height: the touch-target size for thumbs on small phones.
const SIZES: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 text-sm",
  lg: "min-h-12 px-6 text-base",
};

/** The button look, for links that act as calls to action (`<Link className={buttonClasses()}>`). */
export function buttonClasses({ variant = "primary", size = "md", fullWidth = false }: ButtonStyle = {}): string {
  return [
    "inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold no-underline transition-colors",
    "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    fullWidth ? "w-full" : "",
  ].join(" ");
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  /** Shows a spinner and blocks further clicks, e.g. while a payment is being initiated. */
  loading?: boolean;
}

export function Button({ variant, size, fullWidth, loading = false, disabled, className, children, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`${buttonClasses({ variant, size, fullWidth })} ${className ?? ""}`}
      {...props}
    >
      {loading ? <SpinnerIcon className="size-4" /> : null}
      {children}
    </button>
  );
}
