import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestRegistry } from '../../test/render';
import TextReader from './text-reader';

afterEach(() => vi.restoreAllMocks());

async function renderReader() {
  const i18n = createTestRegistry().instance('ru');
  const onUse = vi.fn();
  const onClose = vi.fn();
  render(<TextReader i18n={i18n} deviceName={null} onUse={onUse} onClose={onClose} />);
  return { reader: await screen.findByTestId('text-reader'), onUse, onClose };
}

describe('the text reader', () => {
  it('says when recognition did not load and offers to try again', async () => {
    // jsdom has no Web Worker: the engine cannot start, as when its files do not load.
    const { reader } = await renderReader();
    const failed = await within(reader).findByTestId('text-reader-load-failed');
    expect(failed.textContent).toContain('Распознавание не загрузилось');
    await userEvent.click(within(failed).getByRole('button', { name: 'Повторить' }));
    expect(await within(reader).findByTestId('text-reader-load-failed')).toBeTruthy();
  });

  it('refuses a file that is not an image by its content, before decoding it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const { reader } = await renderReader();
    const user = userEvent.setup({ applyAccept: false });
    const fake = new File(['%PDF-1.7 a document named like a photo'], 'label.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(within(reader).getByTestId('text-reader-file'), fake);
    const refused = await within(reader).findByTestId('text-reader-refused');
    expect(refused.dataset.refusal).toBe('not-image');
    expect(refused.textContent).toContain('Это не изображение');
    expect(decode).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('closes by its close button under the scan panel', async () => {
    const { onClose } = await renderReader();
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть чтение текста' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
