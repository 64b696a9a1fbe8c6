import type { Locale } from '@sorting/domain';
import { soundUrl, type SoundName } from './sound-names';
import type { Scheduler, TimerHandle } from '../../lib/scheduler';

/** Sounds behind an adapter (conventions §9): flows receive a player, tests a recording one. */
export interface SoundPlayer {
  play(name: SoundName): void;
  setMuted(isMuted: boolean): void;
}

/** The part of HTMLAudioElement the player uses. */
export interface AudioLike {
  currentTime: number;
  play(): Promise<void> | void;
}

export interface HtmlAudioPlayerDeps {
  getLocale: () => Locale;
  createAudio: (url: string) => AudioLike;
  /** Records `sound:<name>` before the audio starts; e2e tests and benchmarks read it. */
  mark: (name: string) => void;
}

/** Plays the files of `/sounds/<locale>/`, one cached element per file. */
export function createHtmlAudioPlayer(deps: HtmlAudioPlayerDeps): SoundPlayer {
  const cache = new Map<string, AudioLike>();
  let isMuted = false;
  return {
    play(name) {
      deps.mark(`sound:${name}`);
      if (isMuted) return;
      const url = soundUrl(deps.getLocale(), name);
      try {
        let audio = cache.get(url);
        if (!audio) {
          audio = deps.createAudio(url);
          cache.set(url, audio);
        }
        audio.currentTime = 0;
        // Autoplay may be refused until the first user gesture: a lost sound is no error.
        void Promise.resolve(audio.play()).catch(() => undefined);
      } catch {
        // A browser without audio support plays nothing.
      }
    },
    setMuted(value) {
      isMuted = value;
    },
  };
}

/** Browser defaults: HTMLAudioElement and the Performance API. */
export const browserAudioDeps: Omit<HtmlAudioPlayerDeps, 'getLocale'> = {
  createAudio: (url) => {
    const audio = new Audio(url);
    audio.preload = 'auto';
    return audio;
  },
  mark: (name) => {
    try {
      performance.mark(name);
    } catch {
      // The Performance API is optional.
    }
  },
};

/** A player for tests that only records what was played. */
export function createRecordingPlayer(): SoundPlayer & { played: SoundName[] } {
  const played: SoundName[] = [];
  let isMuted = false;
  return {
    played,
    play(name) {
      if (!isMuted) played.push(name);
    },
    setMuted(value) {
      isMuted = value;
    },
  };
}

/**
 * Sounds one after another, `gapMs` apart, the first at once (a spoken cell or count). `effects`
 * is a page's ref to its latest player and scheduler: each sound uses the player of its time.
 */
export function playInTurn(
  names: readonly SoundName[],
  gapMs: number,
  effects: {
    readonly current: {
      sounds: Pick<SoundPlayer, 'play'>;
      scheduler: Pick<Scheduler, 'setTimeout'>;
    };
  },
): void {
  names.forEach((name, index) => {
    if (index === 0) effects.current.sounds.play(name);
    else
      effects.current.scheduler.setTimeout(() => effects.current.sounds.play(name), index * gapMs);
  });
}

/** Spoken announcements of which a new one replaces the one still playing. */
export interface Announcer {
  /** Plays `names` in turn, first dropping what is left of the previous announcement. */
  announce(names: readonly SoundName[]): void;
  /** Drops what is left of the current announcement (a page that closes). */
  cancel(): void;
}

/**
 * Announcements (a scan's answer and the unit's spoken digits) played in turn, `gapMs` apart;
 * a new one cancels the sounds still waiting of the previous one, so two never interleave and
 * the last thing heard is the unit just scanned (docs/DECISIONS.md "Audit").
 */
export function createAnnouncer(
  gapMs: number,
  effects: {
    readonly current: {
      sounds: Pick<SoundPlayer, 'play'>;
      scheduler: Pick<Scheduler, 'setTimeout' | 'clearTimeout'>;
    };
  },
): Announcer {
  let waiting: TimerHandle[] = [];
  const cancel = () => {
    for (const handle of waiting) effects.current.scheduler.clearTimeout(handle);
    waiting = [];
  };
  return {
    announce(names) {
      cancel();
      names.forEach((name, index) => {
        if (index === 0) {
          effects.current.sounds.play(name);
          return;
        }
        const handle = effects.current.scheduler.setTimeout(() => {
          waiting = waiting.filter((item) => item !== handle);
          effects.current.sounds.play(name);
        }, index * gapMs);
        waiting.push(handle);
      });
    },
    cancel,
  };
}
