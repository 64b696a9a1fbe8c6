import { splitLocalePath } from '@sorting/domain';
import { browserAudioDeps, createHtmlAudioPlayer } from './sound-player';

export * from './sound-names';
export * from './sound-player';

/** The app's sound player; the locale of the page picks the sound folder. */
export const soundPlayer = createHtmlAudioPlayer({
  ...browserAudioDeps,
  getLocale: () => splitLocalePath(window.location.pathname).locale,
});
