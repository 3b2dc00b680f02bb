import type { CSSProperties } from 'react';

/**
 * A slider as a native range input (keyboard and screen readers for free, no JavaScript
 * positioning): the loan-info step is on the 150 KB budget. The filled part of the track
 * follows `--fp-range-fill`.
 */
export function RangeSlider({
  label,
  min,
  max,
  step,
  value,
  onChange,
  valueText,
  disabled,
}: {
  /** Accessible name (the field's label). */
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
  valueText: (value: number) => string;
  disabled?: boolean;
}) {
  const clamped = Math.min(Math.max(value, min), max);
  const fill = max > min ? ((clamped - min) / (max - min)) * 100 : 0;
  return (
    <input
      type="range"
      className="fp-range"
      min={min}
      max={max}
      step={step}
      value={clamped}
      disabled={disabled}
      aria-label={label}
      aria-valuetext={valueText(clamped)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      style={{ '--fp-range-fill': `${fill}%` } as CSSProperties}
    />
  );
}
