import { describe, expect, it } from 'vitest';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { createRecordingPlayer } from '../sounds/sound-player';
import { NOTIFICATION_LIFETIME_MS, defaultPosition, type NotifyInput } from './notification';
import { createLazySanitizer, htmlToText, loadDomPurify, textOnlySanitizer } from './sanitize';
import { createToastStore } from './toast-store';
import { createAnnouncer } from '../../ui/live-region/announcer';
import { withSuccessSignal } from './index';

async function setup(
  width = 1280,
  sanitize: (html: string) => string = (html) => html,
  flow = { current: '/sorting' },
) {
  const scheduler = createFakeScheduler();
  const sounds = createRecordingPlayer();
  const store = createToastStore({
    scheduler,
    sounds,
    getViewportWidth: () => width,
    getFlow: () => flow.current,
    sanitize,
    toText: htmlToText,
  });
  const contents = (position: NotifyInput['position'] & string) =>
    store.getSnapshot()[position].map((toast) => toast.content);
  return { scheduler, sounds, store, contents };
}

describe('default position', () => {
  it('is bottom right from 992 px, otherwise bottom centre', () => {
    expect(defaultPosition(1280)).toBe('bottomRight');
    expect(defaultPosition(992)).toBe('bottomRight');
    expect(defaultPosition(991)).toBe('bottomCenter');
    expect(defaultPosition(360)).toBe('bottomCenter');
  });

  it('is applied when a toast has no position', async () => {
    const wide = await setup(1280);
    wide.store.notify('a');
    expect(wide.contents('bottomRight')).toEqual(['a']);
    const handheld = await setup(360);
    handheld.store.notify('a');
    expect(handheld.contents('bottomCenter')).toEqual(['a']);
  });
});

describe('toast store', () => {
  it('defaults to status error', async () => {
    const { store } = await setup();
    store.notify('x');
    expect(store.getSnapshot().bottomRight[0]?.status).toBe('error');
  });

  it('prepends new toasts at bottom positions and appends them at top positions', async () => {
    const { store, contents, scheduler } = await setup();
    for (const content of ['1', '2', '3']) {
      store.notify({ content, position: 'bottomLeft', status: 'info' });
      store.notify({ content, position: 'topCenter', status: 'info' });
      scheduler.advance(5);
    }
    expect(contents('bottomLeft')).toEqual(['3', '2', '1']);
    expect(contents('topCenter')).toEqual(['1', '2', '3']);
  });

  it('gives timestamp-based ids that stay unique within one millisecond', async () => {
    const { store, scheduler } = await setup();
    const first = store.notify('a');
    const second = store.notify('b');
    expect(first).toBe(scheduler.now());
    expect(second).toBe(first + 1);
  });

  it('removes a toast after 10 s, not before', async () => {
    const { store, scheduler, contents } = await setup();
    store.notify({ content: 'first', status: 'ok' });
    scheduler.advance(4_000);
    store.notify({ content: 'second', status: 'ok' });
    scheduler.advance(NOTIFICATION_LIFETIME_MS - 4_001);
    expect(contents('bottomRight')).toEqual(['second', 'first']);
    scheduler.advance(1);
    expect(contents('bottomRight')).toEqual(['second']);
    scheduler.advance(4_000);
    expect(contents('bottomRight')).toEqual([]);
    expect(scheduler.pending()).toBe(0);
  });

  it('closes a toast on dismiss and cancels its timer', async () => {
    const { store, scheduler, contents } = await setup();
    const id = store.notify('x');
    store.dismiss(id);
    expect(contents('bottomRight')).toEqual([]);
    expect(scheduler.pending()).toBe(0);
  });

  it('plays err for an error toast unless its error sound is muted', async () => {
    const { store, sounds } = await setup();
    store.notify({ content: 'a', status: 'error' });
    store.notify({ content: 'b', status: 'error', isMuteErrorSound: true });
    store.notify({ content: 'c', status: 'attention' });
    store.notify({ content: 'd', status: 'ok' });
    store.notify({ content: 'e', status: 'info' });
    expect(sounds.played).toEqual(['err']);
  });

  it('gives content longer than 450 characters a title with its text', async () => {
    const { store } = await setup();
    const long = `<b>${'x'.repeat(446)}</b>`;
    store.notify(long);
    store.notify('x'.repeat(450));
    const [second, first] = store.getSnapshot().bottomRight;
    expect(first?.title).toBe('x'.repeat(446));
    expect(second?.title).toBeNull();
  });

  it('keeps the offset pair', async () => {
    const { store } = await setup();
    store.notify({ content: 'a', offset: [10, -20] });
    expect(store.getSnapshot().bottomRight[0]?.offset).toEqual([10, -20]);
  });

  it('sanitises content with DOMPurify', async () => {
    const { store } = await setup(1280, await loadDomPurify());
    store.notify('<img src="x" onerror="alert(1)"><b>bold</b><script>alert(2)</script>');
    const html = store.getSnapshot().bottomRight[0]?.content ?? '';
    expect(html).toContain('<b>bold</b>');
    expect(html).toContain('<img src="x">');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('script');
  });

  it('shows only text until the sanitiser is in, then sanitises again', async () => {
    let sanitize = textOnlySanitizer;
    const { store } = await setup(1280, (html) => sanitize(html));
    store.notify('<b>a &amp; b</b><img src=x onerror=alert(1)>');
    expect(store.getSnapshot().bottomRight[0]?.content).toBe('a &amp; b');
    sanitize = await loadDomPurify();
    store.resanitize();
    expect(store.getSnapshot().bottomRight[0]?.content).toBe('<b>a &amp; b</b><img src="x">');
  });

  it('fetches DOMPurify with the first toast, not before, and sanitises that toast again', async () => {
    let loads = 0;
    let store: Awaited<ReturnType<typeof setup>>['store'] | null = null;
    const sanitizer = createLazySanitizer(
      () => {
        loads++;
        return loadDomPurify();
      },
      () => store?.resanitize(),
    );
    store = (await setup(1280, sanitizer.sanitize)).store;
    expect(loads).toBe(0);
    store.notify('<b>a &amp; b</b><img src=x onerror=alert(1)>');
    expect(loads).toBe(1);
    expect(store.getSnapshot().bottomRight[0]?.content).toBe('a &amp; b');
    await sanitizer.load();
    expect(store.getSnapshot().bottomRight[0]?.content).toBe('<b>a &amp; b</b><img src="x">');
    store.notify('<i>c</i>');
    expect(loads).toBe(1);
  });

  it('tries DOMPurify again with the next toast when its chunk did not load', async () => {
    let loads = 0;
    const sanitizer = createLazySanitizer(() => {
      loads++;
      return loads === 1 ? Promise.reject(new Error('offline')) : loadDomPurify();
    });
    const { store } = await setup(1280, sanitizer.sanitize);
    store.notify('<b>a</b>');
    await sanitizer.load().catch(() => undefined);
    store.notify('<b>b</b>');
    await sanitizer.load();
    expect(loads).toBe(2);
    expect(sanitizer.isReady()).toBe(true);
  });

  it('notifies subscribers and keeps the snapshot stable between changes', async () => {
    const { store } = await setup();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.notify('a');
    expect(calls).toBe(1);
    expect(store.getSnapshot()).not.toBe(before);
    unsubscribe();
    store.clear();
    expect(calls).toBe(1);
  });
});

// On a handheld, toasts stacked until 3–4 covered 45 % of the screen, and old
// errors stayed after a success and even after sign-in.
describe('toasts on a handheld and toasts of a flow', () => {
  it('shows at most two on a narrow screen: a third closes the oldest', async () => {
    const { store, contents, scheduler } = await setup(360);
    for (const content of ['1', '2', '3', '4']) {
      store.notify(content);
      scheduler.advance(5);
    }
    expect(contents('bottomCenter')).toEqual(['4', '3']);
    // The closed ones leave no timer behind.
    expect(scheduler.pending()).toBe(2);
  });

  it('counts every position towards the two', async () => {
    const { store } = await setup(557);
    store.notify({ content: 'top', position: 'topLeft' });
    store.notify('a');
    store.notify('b');
    const shown = Object.values(store.getSnapshot()).flat();
    expect(shown.map((toast) => toast.content).sort()).toEqual(['a', 'b']);
  });

  it('keeps them all from 558 px', async () => {
    const { store, contents } = await setup(558);
    for (const content of ['1', '2', '3']) store.notify(content);
    expect(contents('bottomCenter')).toHaveLength(3);
  });

  it('an ok or info toast closes the older errors of its own flow only', async () => {
    const flow = { current: '/sorting' };
    const { store, contents } = await setup(1280, (html) => html, flow);
    store.notify('sorting error');
    store.notify({ content: 'sorting attention', status: 'attention' });
    store.notify({ content: 'printer error', flow: 'printer' });
    flow.current = '/returns';
    store.notify('returns error');
    flow.current = '/sorting';
    store.notify({ content: 'moved', status: 'ok' });
    expect(contents('bottomRight')).toEqual([
      'moved',
      'returns error',
      'printer error',
      'sorting attention',
    ]);
    store.notify({ content: 'printing sent', status: 'info', flow: 'printer' });
    expect(contents('bottomRight')).toEqual([
      'printing sent',
      'moved',
      'returns error',
      'sorting attention',
    ]);
  });

  it('a success without a toast (its sound) closes the errors of the current flow', async () => {
    const flow = { current: '/sorting' };
    const { store, contents } = await setup(1280, (html) => html, flow);
    store.notify('first');
    store.notify({ content: 'printer', flow: 'printer' });
    store.succeed();
    expect(contents('bottomRight')).toEqual(['printer']);
    store.succeed('printer');
    expect(contents('bottomRight')).toEqual([]);
  });

  it('clear closes every toast (sign-in and sign-out)', async () => {
    const { store, scheduler } = await setup(360);
    store.notify('a');
    store.notify({ content: 'b', status: 'info', position: 'topLeft' });
    store.clear();
    expect(Object.values(store.getSnapshot()).flat()).toEqual([]);
    expect(scheduler.pending()).toBe(0);
  });
});

describe('success sounds', () => {
  it('a success sound is a success of the current flow; other sounds are not', async () => {
    const { store, contents } = await setup(1280);
    const played: string[] = [];
    const player = withSuccessSignal(
      { play: (name) => played.push(name), setMuted: () => undefined },
      store,
    );
    store.notify('not found');
    player.play('scan');
    player.play('err');
    player.play('attention');
    expect(contents('bottomRight')).toEqual(['not found']);
    player.play('success-small');
    expect(contents('bottomRight')).toEqual([]);
    for (const name of ['ok-new', 'success-big'] as const) {
      store.notify('again');
      player.play(name);
      expect(contents('bottomRight')).toEqual([]);
    }
    expect(played).toEqual(['scan', 'err', 'attention', 'success-small', 'ok-new', 'success-big']);
  });
});

// docs/DECISIONS.md "Web shell", what a screen reader hears: a toast stops while focused or
// hovered; on a handheld an error is never pushed out by ok or info within its 10 s; a text
// the live region has just said is not read again by its toast, nor the other way round.
describe('toasts that are read and held', () => {
  it('a held toast stays past its 10 s and closes after the rest of its time once released', async () => {
    const { store, contents, scheduler } = await setup();
    const id = store.notify('read me');
    scheduler.advance(6_000);
    store.hold(id);
    scheduler.advance(30_000);
    expect(contents('bottomRight')).toEqual(['read me']);
    store.release(id);
    scheduler.advance(3_999);
    expect(contents('bottomRight')).toEqual(['read me']);
    scheduler.advance(1);
    expect(contents('bottomRight')).toEqual([]);
  });

  it('on a handheld, ok and info push out each other but never an error within its time', async () => {
    const { store, contents, scheduler } = await setup(360);
    store.notify({ content: 'error 1' });
    scheduler.advance(5);
    store.notify({ content: 'printer error', flow: 'devices' });
    scheduler.advance(5);
    store.notify({ content: 'printed', status: 'info', flow: 'other' });
    expect(contents('bottomCenter')).toEqual(['printer error', 'error 1']);
    scheduler.advance(5);
    store.notify({ content: 'error 2', flow: 'other' });
    expect(contents('bottomCenter')).toEqual(['error 2', 'printer error']);
  });

  it('on a handheld, a new ok closes an older info rather than an error', async () => {
    const { store, contents, scheduler } = await setup(360);
    store.notify({ content: 'info', status: 'info', flow: 'a' });
    scheduler.advance(5);
    store.notify({ content: 'error', flow: 'b' });
    scheduler.advance(5);
    store.notify({ content: 'ok', status: 'ok', flow: 'a' });
    expect(contents('bottomCenter')).toEqual(['ok', 'error']);
  });

  it('reports every error toast with its f-code, and no other toast (spec part 1 §8)', () => {
    const reported: { fCode: string | null; flow: string }[] = [];
    const store = createToastStore({
      scheduler: createFakeScheduler(),
      sounds: createRecordingPlayer(),
      getViewportWidth: () => 1366,
      sanitize: (html) => html,
      toText: htmlToText,
      onErrorShown: (error) => reported.push(error),
    });
    store.notify({ content: 'Посылка не найдена', fCode: 'f-0001', flow: '/sorting' });
    store.notify({ content: 'Printed', status: 'ok', flow: '/sorting' });
    store.notify({ content: 'Check the weight', status: 'attention', flow: '/sorting' });
    store.notify({ content: 'No connection', isMuteErrorSound: true, flow: '/sorting' });
    expect(reported).toEqual([
      { fCode: 'f-0001', flow: '/sorting' },
      { fCode: null, flow: '/sorting' },
    ]);
  });

  it('an ok toast that cannot be shown is said through the live region', async () => {
    const scheduler = createFakeScheduler();
    const announcer = createAnnouncer(() => scheduler.now());
    const store = createToastStore({
      scheduler,
      sounds: createRecordingPlayer(),
      getViewportWidth: () => 360,
      sanitize: (html) => html,
      toText: htmlToText,
      announcer,
    });
    store.notify({ content: 'e1', flow: 'a' });
    store.notify({ content: 'e2', flow: 'b' });
    store.notify({ content: 'Label printed', status: 'ok', flow: 'c' });
    await Promise.resolve();
    expect(announcer.getSnapshot()?.text).toBe('Label printed');
  });

  it('a toast whose text the live region just said is quiet; an alert toast is not said again', async () => {
    const scheduler = createFakeScheduler();
    const announcer = createAnnouncer(() => scheduler.now());
    const store = createToastStore({
      scheduler,
      sounds: createRecordingPlayer(),
      getViewportWidth: () => 1280,
      sanitize: (html) => html,
      toText: htmlToText,
      announcer,
    });
    announcer.say('Cell not found');
    store.notify('Cell not found');
    expect(store.getSnapshot().bottomRight[0]?.isQuiet).toBe(true);
    store.notify('Parcel not found');
    expect(store.getSnapshot().bottomRight[0]?.isQuiet).toBeFalsy();
    announcer.say('Parcel not found');
    await Promise.resolve();
    expect(announcer.getSnapshot()?.text).toBe('Cell not found');
    // Heard long ago: said again.
    scheduler.advance(5_000);
    store.notify('Cell not found');
    expect(store.getSnapshot().bottomRight[0]?.isQuiet).toBeFalsy();
  });
});
