import { useForm } from '@mantine/form';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderComponent } from '../test/render-component';
import { TextAreaField, TextField } from './text-field';

const FORTY = 'Lange Straße mit sehr vielen Buchstaben1';

function Controlled({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="Street"
      maxLength={30}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      error={error}
    />
  );
}

/** Mantine form in uncontrolled mode (form.key + getInputProps, as the account fields use it). */
function Uncontrolled() {
  const form = useForm({ mode: 'uncontrolled', initialValues: { street: '' } });
  return <TextField label="Street" maxLength={30} key={form.key('street')} {...form.getInputProps('street')} />;
}

describe('TextField (finding 15: text past the limit is never cut off)', () => {
  it('keeps 40 characters typed into a 30-character field and says so at the field', async () => {
    expect(FORTY).toHaveLength(40);
    const user = userEvent.setup();
    await renderComponent(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Street' });
    expect(input).not.toHaveAttribute('maxlength');
    await user.type(input, FORTY);
    expect(input).toHaveValue(FORTY);
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('At most 30 characters (40 entered).');
    // Back within the limit: the message goes.
    await user.type(input, '{Backspace}'.repeat(10));
    expect(input).toHaveValue(FORTY.slice(0, 30));
    expect(input).toBeValid();
  });

  it('keeps a pasted text whole too (German message)', async () => {
    await act(() => i18n.changeLanguage('de'));
    const user = userEvent.setup();
    await renderComponent(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Street' });
    await user.click(input);
    await user.paste(FORTY);
    expect(input).toHaveValue(FORTY);
    expect(input).toHaveAccessibleDescription('Höchstens 30 Zeichen erlaubt (40 eingegeben).');
  });

  it("shows the form's own error while the length is fine", async () => {
    await renderComponent(<Controlled error="This field is required." />);
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveAccessibleDescription('This field is required.');
  });

  it('works with an uncontrolled Mantine form', async () => {
    const user = userEvent.setup();
    await renderComponent(<Uncontrolled />);
    const input = screen.getByRole('textbox', { name: 'Street' });
    await user.type(input, FORTY);
    expect(input).toHaveValue(FORTY);
    expect(input).toHaveAccessibleDescription('At most 30 characters (40 entered).');
  });

  it('the text area has the same limit', async () => {
    const user = userEvent.setup();
    function Area() {
      const [value, setValue] = useState('');
      return (
        <TextAreaField label="Notes" maxLength={5} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      );
    }
    await renderComponent(<Area />);
    const area = screen.getByRole('textbox', { name: 'Notes' });
    await user.type(area, 'abcdefg');
    expect(area).toHaveValue('abcdefg');
    expect(area).toHaveAccessibleDescription('At most 5 characters (7 entered).');
  });
});
