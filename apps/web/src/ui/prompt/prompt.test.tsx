import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithI18n } from '../../test/render';
import { Prompt } from './prompt';

// Spec part 1 §2: the prompt area shows pre, main, extra, bottom and error text and an arrow
// flag; one shared Prompt serves every scan screen, sorting's too.
describe('the shared prompt', () => {
  it('shows the arrow before the main text when the flag is set, and the lines in order', async () => {
    await renderWithI18n(
      <Prompt
        pre="Посылка 1001"
        main="Положите в ячейку"
        extra="Зона 1"
        bottom="Маршрут 7"
        isArrow
        error={{ text: 'Не та ячейка', code: 'f-12' }}
      />,
    );
    const main = screen.getByTestId('prompt-main');
    expect(main.firstElementChild).toBe(screen.getByTestId('prompt-arrow'));
    expect(main.textContent).toBe('➜Положите в ячейку');
    const lines = [...screen.getByTestId('prompt').children].map((line) =>
      line.getAttribute('data-testid'),
    );
    expect(lines).toEqual([
      'prompt-pre',
      'prompt-main',
      'prompt-extra',
      'prompt-error',
      'prompt-bottom',
    ]);
    expect(screen.getByTestId('prompt-bottom').textContent).toBe('Маршрут 7');
  });

  it('shows no arrow and no bottom line without them', async () => {
    await renderWithI18n(<Prompt main="Сканируйте посылку" />);
    expect(screen.getByTestId('prompt-main').textContent).toBe('Сканируйте посылку');
    expect(screen.queryByTestId('prompt-arrow')).toBeNull();
    expect(screen.queryByTestId('prompt-bottom')).toBeNull();
  });
});
