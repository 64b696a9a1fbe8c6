import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '@sorting/domain';
import { letterSound } from './letter-sound';
import { numberSound, soundFile, soundUrl } from './sound-names';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { createAnnouncer, createHtmlAudioPlayer, playInTurn, type AudioLike } from './sound-player';

function setup(play: () => Promise<void> = async () => undefined) {
  const events: string[] = [];
  let locale: Locale = 'ru';
  const created: string[] = [];
  const player = createHtmlAudioPlayer({
    getLocale: () => locale,
    mark: (name) => events.push(`mark ${name}`),
    createAudio: (url) => {
      created.push(url);
      const audio: AudioLike = {
        currentTime: 3,
        play: () => {
          events.push(`play ${url}`);
          return play();
        },
      };
      return audio;
    },
  });
  return { player, events, created, setLocale: (next: Locale) => (locale = next) };
}

describe('sound files', () => {
  it('maps names to the files of spec part 1 §9', () => {
    expect(soundFile('err')).toBe('err.flac');
    expect(soundFile('ok-new')).toBe('ok-new.wav');
    expect(soundFile('success-big')).toBe('success-big.wav');
    expect(soundFile('numbers/70')).toBe('numbers/70.flac');
    expect(soundFile('letters/z')).toBe('letters/z.flac');
    expect(soundUrl('en', 'tara')).toBe('/sounds/en/tara.wav');
  });

  it('speaks numbers 0..70 and letters a..z only', () => {
    expect(numberSound(0)).toBe('numbers/0');
    expect(numberSound(70)).toBe('numbers/70');
    expect(numberSound(71)).toBeNull();
    expect(numberSound(1.5)).toBeNull();
    expect(letterSound('C')).toBe('letters/c');
    // Cyrillic letters have files of their own, apart from the Latin ones.
    expect(letterSound('ж')).toBe('letters/cyr-zh');
    expect(letterSound('А')).toBe('letters/cyr-a');
    expect(letterSound('ß')).toBeNull();
  });
});

describe('HTML audio player', () => {
  it('marks sound:<name> before the audio starts, from the folder of the locale', () => {
    const { player, events, setLocale } = setup();
    player.play('err');
    setLocale('en');
    player.play('scan');
    expect(events).toEqual([
      'mark sound:err',
      'play /sounds/ru/err.flac',
      'mark sound:scan',
      'play /sounds/en/scan.wav',
    ]);
  });

  it('reuses one element per file and restarts it', () => {
    const { player, created } = setup();
    player.play('repeat');
    player.play('repeat');
    expect(created).toEqual(['/sounds/ru/repeat.wav']);
  });

  it('swallows a refused play (autoplay blocked)', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const { player } = setup(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')));
    expect(() => player.play('err')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('still marks but plays nothing while muted', () => {
    const { player, events } = setup();
    player.setMuted(true);
    player.play('new');
    player.setMuted(false);
    player.play('free');
    expect(events).toEqual(['mark sound:new', 'mark sound:free', 'play /sounds/ru/free.wav']);
  });
});

describe('playInTurn', () => {
  it('plays the first sound at once and each next one a gap later', () => {
    const scheduler = createFakeScheduler();
    const played: string[] = [];
    const sounds = { play: (name: string) => void played.push(name) };
    playInTurn(['new', 'numbers/1', 'numbers/2'], 450, { current: { sounds, scheduler } });
    expect(played).toEqual(['new']);
    scheduler.advance(449);
    expect(played).toEqual(['new']);
    scheduler.advance(1);
    expect(played).toEqual(['new', 'numbers/1']);
    scheduler.advance(450);
    expect(played).toEqual(['new', 'numbers/1', 'numbers/2']);
  });
});

describe('createAnnouncer', () => {
  /** Three scans 0.77 s apart, each `ok-new` and four spoken digits 450 ms apart. */
  it('a new announcement replaces the one still playing: no digits of two units interleave', () => {
    const scheduler = createFakeScheduler();
    const played: string[] = [];
    const sounds = { play: (name: string) => void played.push(name) };
    const announcer = createAnnouncer(450, { current: { sounds, scheduler } });
    const units = [
      ['numbers/0', 'numbers/0', 'numbers/0', 'numbers/5'],
      ['numbers/7', 'numbers/0', 'numbers/1', 'numbers/6'],
      ['numbers/0', 'numbers/3', 'numbers/9', 'numbers/9'],
    ] as const;
    for (const digits of units) {
      announcer.announce(['ok-new', ...digits]);
      scheduler.advance(770);
    }
    scheduler.advance(5_000);
    // Each announcement is cut where the next begins; the last is heard whole.
    expect(played).toEqual([
      'ok-new',
      'numbers/0',
      'ok-new',
      'numbers/7',
      'ok-new',
      'numbers/0',
      'numbers/3',
      'numbers/9',
      'numbers/9',
    ]);
    expect(scheduler.pending()).toBe(0);
  });

  it('plays a lone announcement whole, in turn; cancel drops what is left', () => {
    const scheduler = createFakeScheduler();
    const played: string[] = [];
    const sounds = { play: (name: string) => void played.push(name) };
    const announcer = createAnnouncer(450, { current: { sounds, scheduler } });
    announcer.announce(['attention', 'numbers/1', 'numbers/2']);
    scheduler.advance(450);
    expect(played).toEqual(['attention', 'numbers/1']);
    announcer.cancel();
    scheduler.advance(1_000);
    expect(played).toEqual(['attention', 'numbers/1']);
  });
});
