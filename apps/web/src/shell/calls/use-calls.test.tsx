import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallError } from '../../lib/call-error';
import { createTestServices, shownToasts } from '../../test/services';
import { createRecordingPlayer } from '../sounds/sound-player';
import { ShellServicesProvider, type ShellServices } from '../shell-services';
import { useCallAction, useCallFailures, useConfirmedCall } from './use-calls';

function wrapperOf(services: ShellServices) {
  return ({ children }: { children: ReactNode }) => (
    <ShellServicesProvider services={services}>{children}</ShellServicesProvider>
  );
}

const translate = (key: string, values?: { text: string; reason: string }) =>
  key === 'withReason' ? `${values?.text}: ${values?.reason}` : `text of ${key}`;

/** A promise and its resolve, to hold a call while the test looks. */
function held<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useCallFailures', () => {
  it('toasts the text of a failure; its error sound plays once', () => {
    const sounds = createRecordingPlayer();
    const services = createTestServices({ sounds });
    const wrapper = wrapperOf(services);
    const failures = renderHook(() => useCallFailures(translate), { wrapper }).result.current;

    expect(failures.textOf(new CallError('f-3', 'Too long'), 'f-1')).toBe('text of f-3: Too long');
    act(() => failures.notifyError(new Error('boom'), 'f-1'));
    act(() => failures.notifyError(new CallError('f-2', null), 'f-1'));
    // One failure, one sound: the error toast's own.
    expect(sounds.played.filter((name) => name === 'err')).toEqual(['err', 'err']);
    expect(shownToasts(services).map((toast) => toast.content)).toEqual(
      expect.arrayContaining(['text of f-1', 'text of f-2']),
    );
  });
});

describe('useCallAction', () => {
  it('is busy while the action runs and ignores a second start meanwhile', async () => {
    const call = held<void>();
    const action = vi.fn(() => call.promise);
    const { result } = renderHook(() => useCallAction(action, () => undefined));

    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run();
    });
    expect(result.current.isBusy).toBe(true);
    await act(() => result.current.run());
    expect(action).toHaveBeenCalledTimes(1);

    await act(async () => {
      call.resolve();
      await first;
    });
    expect(result.current.isBusy).toBe(false);
    await act(() => result.current.run());
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('hands what the action throws to onError, with its arguments, and is free again', async () => {
    const failure = new CallError('f-3', null);
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useCallAction(async (_name: string) => Promise.reject(failure), onError),
    );
    await act(() => result.current.run('Anna'));
    expect(onError).toHaveBeenCalledWith(failure, 'Anna');
    expect(result.current.isBusy).toBe(false);
  });
});

describe('useConfirmedCall', () => {
  function setUp(call: (row: string) => Promise<number>) {
    const done: Array<[number, string]> = [];
    const errors: unknown[] = [];
    const refresh = vi.fn(async () => undefined);
    const hook = renderHook(() =>
      useConfirmedCall({
        call,
        onDone: (value, row) => done.push([value, row]),
        onError: (error) => errors.push(error),
        isGone: (error) => error instanceof CallError && error.code === 'gone',
        refresh,
      }),
    );
    return { ...hook, done, errors, refresh };
  }

  it('asks, then on confirm calls, reports, closes and reads the list again', async () => {
    const { result, done, refresh } = setUp(async (row) => row.length);
    act(() => result.current.ask('box-1'));
    expect(result.current.target).toBe('box-1');
    await act(() => result.current.confirm());
    expect(done).toEqual([[5, 'box-1']]);
    expect(result.current.target).toBeNull();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('cancel closes without a call; confirm with nothing asked does nothing', async () => {
    const call = vi.fn(async () => 1);
    const { result, refresh } = setUp(call);
    await act(() => result.current.confirm());
    act(() => result.current.ask('box-1'));
    act(() => result.current.cancel());
    expect(result.current.target).toBeNull();
    expect(call).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a failure keeps the dialog open, unless the row is gone: then it closes and reads again', async () => {
    const kept = setUp(() => Promise.reject(new CallError('failed', 'No')));
    act(() => kept.result.current.ask('box-1'));
    await act(() => kept.result.current.confirm());
    expect(kept.errors).toHaveLength(1);
    expect(kept.result.current.target).toBe('box-1');
    expect(kept.result.current.isBusy).toBe(false);
    expect(kept.refresh).not.toHaveBeenCalled();

    const gone = setUp(() => Promise.reject(new CallError('gone', null)));
    act(() => gone.result.current.ask('box-2'));
    await act(() => gone.result.current.confirm());
    expect(gone.errors).toHaveLength(1);
    expect(gone.result.current.target).toBeNull();
    expect(gone.refresh).toHaveBeenCalledTimes(1);
  });
});
