import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderComponent } from '../test/render-component';
import { NumberField, type NumberChange } from './number-field';

const NBSP = '\u00A0';
const NNBSP = '\u202F';

/** A NumberField with its value kept like a form keeps it; `changes` records every onChange. */
function Harness({
  initial = null,
  changes,
  ...props
}: {
  initial?: number | null;
  changes: [number | null, NumberChange][];
  unit?: string;
  unitLabel?: string;
  maximumFractionDigits?: number;
}) {
  const [value, setValue] = useState<number | string | null>(initial);
  return (
    <>
      <NumberField
        label="Amount"
        {...props}
        value={value}
        onChange={(n, change) => {
          changes.push([n, change]);
          setValue(change.valid ? n : change.text);
        }}
      />
      <button type="button" onClick={() => setValue(250000)}>
        slider
      </button>
    </>
  );
}

async function renderField(language: string, props: Partial<Parameters<typeof Harness>[0]> = {}) {
  await act(() => i18n.changeLanguage(language));
  const changes: [number | null, NumberChange][] = [];
  const user = userEvent.setup();
  await renderComponent(<Harness changes={changes} {...props} />);
  const input = screen.getByRole('textbox', { name: /^Amount/ });
  return { user, input, changes, last: () => changes[changes.length - 1] };
}

describe('NumberField (finding 4: numbers read and written in the user language)', () => {
  it.each([
    ['de', '12.345,67', 12345.67, '12.345,67'],
    ['de', '2.500.000', 2500000, '2.500.000'],
    ['de', '1.200', 1200, '1.200'],
    ['de', '12345,67', 12345.67, '12.345,67'],
    ['en', '12,345.67', 12345.67, '12,345.67'],
    ['en', '2500000', 2500000, '2,500,000'],
  ])('%s: typing %j gives %s and shows %j after leaving the field', async (language, typed, value, shown) => {
    const { user, input, last } = await renderField(language);
    await user.type(input, typed);
    expect(last()).toEqual([value, { text: typed, valid: true }]);
    expect(input).toHaveValue(typed);
    await user.tab();
    expect(input).toHaveValue(shown);
    expect(input).toBeValid();
  });

  it.each([
    ['pl', `12${NBSP}345,67`],
    ['fr', `12${NNBSP}345,67`],
    ['fr', '12 345,67'],
  ])('%s: a pasted %j (no-break spaces) is 12345.67', async (language, pasted) => {
    const { user, input, last } = await renderField(language);
    await user.click(input);
    await user.paste(pasted);
    expect(last()?.[0]).toBe(12345.67);
    await user.tab();
    // Written back with the language's own space (pl: no-break, fr: narrow no-break).
    expect(input).toHaveValue(`12${language === 'pl' ? NBSP : NNBSP}345,67`);
  });

  it('drops a pasted currency sign', async () => {
    const { user, input, last } = await renderField('de', { unit: 'EUR' });
    await user.click(input);
    await user.paste(`12.345,67${NBSP}€`);
    expect(last()?.[0]).toBe(12345.67);
  });

  it('keeps text that is not a number, reports it and says how to write one', async () => {
    const { user, input, last } = await renderField('de');
    await user.type(input, '1.2.3,4');
    expect(last()).toEqual([null, { text: '1.2.3,4', valid: false }]);
    // No message while typing.
    expect(input).toBeValid();
    await user.tab();
    expect(input).toHaveValue('1.2.3,4');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Bitte geben Sie eine Zahl ein, z. B. 12.345,67.');
  });

  it('refuses more than two fraction digits (spec 1 section 9: precision 2)', async () => {
    const decimals = await renderField('de');
    await decimals.user.type(decimals.input, '12,3456');
    expect(decimals.last()).toEqual([null, { text: '12,3456', valid: false }]);
  });

  it('whole numbers only with maximumFractionDigits 0', async () => {
    const { user, input, last } = await renderField('en', { maximumFractionDigits: 0 });
    await user.type(input, '12.5');
    expect(last()).toEqual([null, { text: '12.5', valid: false }]);
    await user.tab();
    expect(input).toHaveAccessibleDescription('Please enter a number, e.g. 12,345.');
  });

  it('shows a value set elsewhere (a slider) in the language format, replacing what was typed', async () => {
    const { user, input } = await renderField('de', { initial: 100000 });
    expect(input).toHaveValue('100.000');
    await user.clear(input);
    await user.type(input, 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'slider' }));
    expect(input).toHaveValue('250.000');
  });

  it('an amount with cents shows both digits once the field is left; other numbers as typed', async () => {
    const money = await renderField('de', { unit: 'EUR' });
    await money.user.type(money.input, '2500,5');
    await money.user.tab();
    expect(money.input).toHaveValue('2.500,50');
    expect(money.last()![0]).toBe(2500.5);
  });

  it('a plain number keeps its single fraction digit', async () => {
    const plain = await renderField('de');
    await plain.user.type(plain.input, '12,5');
    await plain.user.tab();
    expect(plain.input).toHaveValue('12,5');
  });

  it('an empty field is valid and null', async () => {
    const { user, input, last } = await renderField('de', { initial: 5 });
    await user.clear(input);
    expect(last()).toEqual([null, { text: '', valid: true }]);
  });

  it('reads its unit to screen readers: part of the accessible name, not hidden', async () => {
    const { input } = await renderField('de', { unit: 'EUR' });
    expect(input).toHaveAccessibleName('Amount Euro');
    const unit = screen.getByText('EUR');
    expect(unit.closest('[aria-hidden="true"]')).not.toBeNull(); // the code is shown …
    expect(screen.getByText('Euro')).toBeInTheDocument(); // … and spoken as the currency's name
    expect(screen.getByText('Euro').closest('[aria-hidden="true"]')).toBeNull();
  });

  it('reads a unit that needs no spoken form as it is shown', async () => {
    const { input } = await renderField('de', { unit: 'Monate' });
    expect(input).toHaveAccessibleName('Amount Monate');
    expect(screen.getByText('Monate').closest('[aria-hidden="true"]')).toBeNull();
  });

  it('a percent unit with its spoken label', async () => {
    const { input } = await renderField('en', { unit: '%', unitLabel: 'percent' });
    expect(input).toHaveAccessibleName('Amount percent');
  });

  it('calls onBlur and onFocus of the caller', async () => {
    await act(() => i18n.changeLanguage('en'));
    const onBlur = vi.fn();
    const onFocus = vi.fn();
    const user = userEvent.setup();
    await renderComponent(
      <NumberField label="Amount" value={1} onChange={() => {}} onBlur={onBlur} onFocus={onFocus} />,
    );
    await user.click(screen.getByRole('textbox', { name: 'Amount' }));
    await user.tab();
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
