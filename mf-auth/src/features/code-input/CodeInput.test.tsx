import { renderInApp } from '@negayno/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CodeInput } from './CodeInput';

function Harness(props: { onValue?: (value: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <CodeInput
      label="Код"
      value={value}
      error={props.error}
      onChange={(next) => {
        setValue(next);
        props.onValue?.(next);
      }}
      testId="code"
    />
  );
}

const box = (index: number) => screen.getByTestId(`code-${index}`);

describe('CodeInput', () => {
  it('shows six labelled boxes, takes digits only and moves on as one types', async () => {
    const values: string[] = [];
    await renderInApp(<Harness onValue={(value) => values.push(value)} />);
    const user = userEvent.setup();
    expect(screen.getByRole('group', { name: 'Код' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(2)).toHaveAccessibleName('Цифра 3 з 6');
    await user.click(box(0));
    await user.keyboard('1a2b3');
    expect([0, 1, 2, 3].map((index) => (box(index) as HTMLInputElement).value)).toEqual(['1', '2', '3', '']);
    expect(box(3)).toHaveFocus();
    expect(values.at(-1)).toBe('123');
  });

  it('fills every box from a pasted code, wherever it is pasted', async () => {
    await renderInApp(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 654-321 ' } });
    expect([0, 1, 2, 3, 4, 5].map((index) => (box(index) as HTMLInputElement).value).join('')).toBe('654321');
    expect(box(5)).toHaveFocus();
  });

  it('goes back with Backspace, clearing the box before', async () => {
    await renderInApp(<Harness />);
    const user = userEvent.setup();
    await user.click(box(0));
    await user.keyboard('12');
    await user.keyboard('{Backspace}');
    expect((box(1) as HTMLInputElement).value).toBe('');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(box(0)).toHaveFocus();
  });

  it('announces its error', async () => {
    await renderInApp(<Harness error="Неправильний код" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Неправильний код');
    expect(box(0)).toHaveAttribute('aria-invalid', 'true');
  });
});
