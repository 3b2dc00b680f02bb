import type { ReactNode } from 'react';

export interface ChoiceOption {
  value: string;
  label: ReactNode;
}

/**
 * A radio group as a native fieldset (legend, radios, error): light enough for the loan-info step,
 * whose bundle budget has no room for Mantine's Radio family.
 */
export function ChoiceGroup({
  id,
  label,
  description,
  options,
  value,
  onChange,
  error,
  required,
  inline = true,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  options: ChoiceOption[];
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  inline?: boolean;
}) {
  const errorId = `${id}-error`;
  const legendId = `${id}-legend`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    // A radiogroup (not a plain group) carries the invalid state for its radios (ARIA 1.2).
    <fieldset
      id={id}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-invalid={error ? true : undefined}
      className="fp-choice"
      data-invalid={error ? true : undefined}
    >
      {/* No asterisk, like every field of the portal (theme): optional fields say so in their label. */}
      <legend id={legendId} className="fp-choice-legend">
        {label}
      </legend>
      {description && (
        <p id={descriptionId} className="fp-choice-description">
          {description}
        </p>
      )}
      <div className="fp-choice-options" data-inline={inline || undefined}>
        {options.map((option) => (
          <label key={option.value} className="fp-choice-option">
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              required={required}
              aria-describedby={describedBy || undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="fp-choice-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
