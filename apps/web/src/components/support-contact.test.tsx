import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakableEmail } from './support-contact';

describe('breakableEmail', () => {
  it('offers line breaks only after the @ and before the dots of the domain', () => {
    const { container } = render(<span>{breakableEmail('firmenkunden@nordbank.business.example')}</span>);
    expect(container.textContent).toBe('firmenkunden@nordbank.business.example');
    expect(container.firstElementChild!.innerHTML).toBe('firmenkunden@<wbr>nordbank<wbr>.business<wbr>.example');
  });

  it('leaves a text without @ as it is', () => {
    const { container } = render(<span>{breakableEmail('support')}</span>);
    expect(container.firstElementChild!.innerHTML).toBe('support');
  });
});
