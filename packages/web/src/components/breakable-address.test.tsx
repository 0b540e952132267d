import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableAddress, TextWithAddress } from './breakable-address.tsx';

/** The text with a `|` at each place the line may break inside the address (`<wbr>`). */
function breaks(node: React.ReactNode): string {
  const { container } = render(<p>{node}</p>);
  for (const wbr of Array.from(container.querySelectorAll('wbr'))) wbr.replaceWith('|');
  return container.textContent ?? '';
}

describe('breakable address', () => {
  it('may break after "@" and before each dot only', () => {
    expect(breaks(<BreakableAddress address="firstname.middlename.lastname@dept.example-company.co.uk" />)).toBe(
      'firstname|.middlename|.lastname@|dept|.example-company|.co|.uk',
    );
    expect(breaks(<BreakableAddress address="plain" />)).toBe('plain');
  });

  it('fills a message’s {email} wherever it stands, the rest of the text unchanged', () => {
    expect(breaks(<TextWithAddress text="Registered site accounts for {email}." address="a.b@c.de" />)).toBe(
      'Registered site accounts for a|.b@|c|.de.',
    );
    expect(breaks(<TextWithAddress text="{email} için kayıtlı site hesapları." address="x@y.z" />)).toBe(
      'x@|y|.z için kayıtlı site hesapları.',
    );
    const { container } = render(<TextWithAddress text="Report on {email}" address="t@example.com" />);
    expect(container.textContent).toBe('Report on t@example.com');
  });
});
