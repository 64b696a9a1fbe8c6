import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { createRecordingPlayer } from '../sounds/sound-player';
import { renderWithI18n } from '../../test/render';
import { NOTIFICATION_POSITIONS, NOTIFICATION_STATUSES } from './notification';
import { htmlToText } from './sanitize';
import { createToastStore } from './toast-store';
import { ToastViewport } from './toast-viewport';

function createStore() {
  return createToastStore({
    scheduler: createFakeScheduler(),
    sounds: createRecordingPlayer(),
    getViewportWidth: () => 1280,
    sanitize: (html) => html,
    toText: htmlToText,
  });
}

describe('ToastViewport', () => {
  it('renders a container per position and the DOM contract of each toast', async () => {
    const store = createStore();
    await renderWithI18n(<ToastViewport store={store} />);
    for (const position of NOTIFICATION_POSITIONS) {
      expect(screen.getByTestId(`toasts-${position}`)).toBeTruthy();
    }
    act(() => {
      // Each of its own flow: a later info toast would close an older error of the same flow.
      for (const status of NOTIFICATION_STATUSES)
        store.notify({ status, content: `<i>${status}</i>`, flow: status });
    });
    const toasts = within(screen.getByTestId('toasts-bottomRight')).getAllByTestId('toast');
    expect(toasts.map((toast) => toast.dataset.status)).toEqual([
      'info',
      'attention',
      'error',
      'ok',
    ]);
    const icons = toasts.map((toast) => within(toast).getByTestId('toast-icon'));
    expect(icons.map((icon) => icon.dataset.icon)).toEqual(['info', 'attention', 'error', 'ok']);
    expect(icons.map((icon) => icon.getAttribute('aria-label'))).toEqual([
      'Информация',
      'Внимание',
      'Ошибка',
      'Успешно',
    ]);
    // Urgent ones are alerts of their own; ok and info are read by their live container,
    // which is there before any toast is (a live region added with its text is often not read).
    expect(toasts.map((toast) => toast.getAttribute('role'))).toEqual([
      null,
      'alert',
      'alert',
      null,
    ]);
    for (const toast of toasts) {
      expect(toast.closest('[data-position]')?.getAttribute('aria-live')).toBe('polite');
    }
    expect(toasts[0]?.dataset.id).toMatch(/^\d+$/);
    expect(toasts[0]?.innerHTML).toContain('<i>info</i>');
  });

  it('closes a toast with its close button', async () => {
    const store = createStore();
    await renderWithI18n(<ToastViewport store={store} />);
    act(() => {
      store.notify({ status: 'ok', content: 'done' });
    });
    const close = screen.getByTestId('toast-close');
    expect(close.getAttribute('aria-label')).toBe('Закрыть уведомление');
    await userEvent.click(close);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('puts the long content text in a title', async () => {
    const store = createStore();
    await renderWithI18n(<ToastViewport store={store} />, 'en');
    act(() => {
      store.notify({ content: 'y'.repeat(451), status: 'info' });
    });
    expect(screen.getByTestId('toast').getAttribute('title')).toBe('y'.repeat(451));
    expect(screen.getByTestId('toast-close').getAttribute('aria-label')).toBe('Close notification');
  });

  it('has no title for short content', async () => {
    const store = createStore();
    await renderWithI18n(<ToastViewport store={store} />);
    act(() => {
      store.notify('short');
    });
    expect(screen.getByTestId('toast').hasAttribute('title')).toBe(false);
  });
});
